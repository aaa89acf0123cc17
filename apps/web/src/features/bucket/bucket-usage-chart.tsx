import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { BucketUsageSample } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useChartColors } from '../../lib/color-mode/chart-colors';
import { formatBytes, formatCount } from '../../lib/format/bytes';

const dayFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric' });
const timeFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });

/**
 * Size and object count over time, one chart each (their units differ), from the measures the
 * usage job kept. Loaded only when the usage tab opens: the charts are a chunk of their own.
 */
export default function BucketUsageChart({ samples }: { samples: BucketUsageSample[] }) {
  const { t, i18n } = useTranslation('bucket');
  const colors = useChartColors();
  const language = i18n.language;
  const at = samples.map((s) => new Date(s.at));
  const days = dayFormat(language);
  const times = timeFormat(language);
  const xAxis = [
    {
      data: at,
      scaleType: 'time' as const,
      // Room for the dates: at the default height the console's line height left them no space.
      height: 36,
      valueFormatter: (d: Date, ctx: { location: string }) =>
        ctx.location === 'tooltip' ? times.format(d) : days.format(d),
    },
  ];
  const chart = (
    title: string,
    testId: string,
    data: number[],
    format: (n: number) => string,
    color: string,
  ) => (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <LineChart
        height={240}
        xAxis={xAxis}
        yAxis={[{ valueFormatter: (v: number | null) => (v === null ? '' : format(v)), width: 72 }]}
        series={[
          {
            data,
            label: title,
            color,
            showMark: samples.length < 40,
            valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
          },
        ]}
        hideLegend
        grid={{ horizontal: true }}
        margin={{ left: 0, right: 16 }}
      />
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
      {chart(
        t('usage.size'),
        'bucket-usage-size',
        samples.map((s) => s.sizeBytes),
        (n) => formatBytes(n, language),
        colors.blue,
      )}
      {chart(
        t('usage.objects'),
        'bucket-usage-objects',
        samples.map((s) => s.objectCount),
        (n) => formatCount(Math.round(n), language),
        colors.green,
      )}
    </Box>
  );
}
