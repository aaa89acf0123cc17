import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { USAGE_KINDS, type UsageDaily, type UsageKind } from '@portal/shared';
import { type ChartColor, useChartColors } from '../../lib/color-mode/chart-colors';
import { formatMoney } from '../../lib/format/money';

/** A colour per kind, the same on every day's bar and in the legend. */
const COLORS: Record<UsageKind, ChartColor> = {
  vm: 'blue',
  disk: 'green',
  snapshot: 'purple',
  bucket: 'orange',
  vpc: 'lightBlue',
  balancer: 'brown',
  firewall: 'red',
  exchange: 'blueGrey',
  cluster: 'teal',
  dataStore: 'indigo',
};

/**
 * Each day's cost, stacked by kind of resource (days in the customer's time zone). Loaded only
 * when the report has days to draw: the charts are a chunk of their own.
 */
export default function UsageChart({ daily }: { daily: UsageDaily }) {
  const { t, i18n } = useTranslation('usage');
  const colors = useChartColors();
  const days = [...new Set(daily.days.map((d) => d.day))];
  const kinds = USAGE_KINDS.filter((kind) => daily.days.some((d) => d.kind === kind));
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  // Amounts are drawn, not added up: a float is fine for a bar's height; the labels are exact.
  const amount = new Map(daily.days.map((d) => [`${d.day}|${d.kind}`, d.amount]));
  const money = (v: number | null) => (v === null ? '' : `NT$ ${formatMoney(v.toFixed(4))}`);
  return (
    <Box data-testid="usage-chart" sx={{ minWidth: 0 }}>
      <BarChart
        height={280}
        xAxis={[
          {
            scaleType: 'band',
            data: days,
            height: 36,
            valueFormatter: (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`)),
          },
        ]}
        yAxis={[
          { width: 72, valueFormatter: (v: number | null) => (v === null ? '' : formatMoney(v.toFixed(4))) },
        ]}
        series={kinds.map((kind) => ({
          id: kind,
          label: t(`kinds.${kind}`),
          stack: 'total',
          color: colors[COLORS[kind]],
          data: days.map((day) => Number(amount.get(`${day}|${kind}`) ?? 0)),
          valueFormatter: money,
        }))}
        grid={{ horizontal: true }}
        margin={{ left: 0, right: 16 }}
      />
    </Box>
  );
}
