import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { type MetricUnit, formatMetric } from './metric-format';

export interface MetricLine {
  id: string;
  label: string;
  data: (number | null)[];
  color: string;
}

export interface MetricChartSpec {
  id: string;
  title: string;
  unit: MetricUnit;
  lines: MetricLine[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Line charts of metrics over the buckets `at`, one per spec (CPU, memory, disk, network), two
 * side by side on a wide screen. A bucket without a sample is a gap in the line. Loaded with
 * @mui/x-charts as a chunk of its own, only where a chart is shown.
 */
export default function MetricCharts({
  at,
  charts,
  testIdPrefix = 'metric-chart',
}: {
  at: string[];
  charts: MetricChartSpec[];
  testIdPrefix?: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dates = at.map((iso) => new Date(iso));
  const span = dates.length > 1 ? dates.at(-1)!.getTime() - dates[0]!.getTime() : 0;
  const axisFormat = new Intl.DateTimeFormat(
    language,
    span > DAY_MS ? { month: 'numeric', day: 'numeric' } : { hour: '2-digit', minute: '2-digit' },
  );
  const tooltipFormat = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const xAxis = [
    {
      data: dates,
      scaleType: 'time' as const,
      height: 36,
      valueFormatter: (d: Date, ctx: { location: string }) =>
        ctx.location === 'tooltip' ? tooltipFormat.format(d) : axisFormat.format(d),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
      {charts.map((chart) => {
        const format = (v: number | null) => (v === null ? '' : formatMetric(chart.unit, v, language));
        const points = chart.lines.reduce((n, line) => n + line.data.filter((v) => v !== null).length, 0);
        return (
          <Box
            key={chart.id}
            data-testid={`${testIdPrefix}-${chart.id}`}
            data-points={points}
            sx={{ minWidth: 0 }}
          >
            <Typography variant="subtitle2">{chart.title}</Typography>
            <LineChart
              height={220}
              xAxis={xAxis}
              yAxis={[
                {
                  valueFormatter: format,
                  width: chart.unit === 'rate' ? 84 : 60,
                  ...(chart.unit === 'pct' ? { min: 0, max: 100 } : { min: 0 }),
                },
              ]}
              series={chart.lines.map((line) => ({
                id: line.id,
                data: line.data,
                label: line.label,
                color: line.color,
                showMark: false,
                valueFormatter: format,
              }))}
              hideLegend={chart.lines.length < 2}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
              }}
              grid={{ horizontal: true }}
              margin={{ left: 0, right: 16 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
