import type { TFunction } from 'i18next';
import type { MetricSeries } from '@portal/shared';
import type { ChartColor } from '../../lib/color-mode/chart-colors';
import type { MetricChartSpec } from './metric-charts';
import type { NowFigure } from './metric-states';

/** One colour per metric, and a palette for VMs compared on one chart (useChartColors gives each its shade). */
export const METRIC_COLORS = {
  cpuPct: 'blue',
  memPct: 'purple',
  diskReadBps: 'green',
  diskWriteBps: 'orange',
  netInBps: 'lightBlue',
  netOutBps: 'red',
  vms: 'blueGrey',
} as const satisfies Record<string, ChartColor>;
export const VM_PALETTE: ChartColor[] = ['blue', 'orange', 'green', 'purple', 'red'];

/** A VM's (or the tenant's) four charts: CPU, memory, disk read and write, network in and out. */
export function metricCharts(
  series: MetricSeries,
  t: TFunction,
  colors: Record<ChartColor, string>,
  titles: { cpu?: string; mem?: string } = {},
): MetricChartSpec[] {
  const line = (id: keyof MetricSeries, label: string) => ({
    id,
    label,
    data: series[id],
    color: colors[METRIC_COLORS[id]],
  });
  return [
    {
      id: 'cpu',
      title: titles.cpu ?? t('metrics:charts.cpu'),
      unit: 'pct',
      lines: [line('cpuPct', t('metrics:charts.cpu'))],
    },
    {
      id: 'mem',
      title: titles.mem ?? t('metrics:charts.mem'),
      unit: 'pct',
      lines: [line('memPct', t('metrics:charts.mem'))],
    },
    {
      id: 'disk',
      title: t('metrics:charts.disk'),
      unit: 'rate',
      lines: [line('diskReadBps', t('metrics:charts.read')), line('diskWriteBps', t('metrics:charts.write'))],
    },
    {
      id: 'net',
      title: t('metrics:charts.net'),
      unit: 'rate',
      lines: [line('netInBps', t('metrics:charts.in')), line('netOutBps', t('metrics:charts.out'))],
    },
  ];
}

/** The newest sample's six figures. */
export function nowFigures(
  latest: Partial<Record<keyof MetricSeries, number>> | null,
  t: TFunction,
): NowFigure[] {
  return [
    { id: 'cpuPct', label: t('metrics:charts.cpu'), unit: 'pct', value: latest?.cpuPct },
    { id: 'memPct', label: t('metrics:charts.mem'), unit: 'pct', value: latest?.memPct },
    { id: 'diskReadBps', label: t('metrics:charts.diskRead'), unit: 'rate', value: latest?.diskReadBps },
    { id: 'diskWriteBps', label: t('metrics:charts.diskWrite'), unit: 'rate', value: latest?.diskWriteBps },
    { id: 'netInBps', label: t('metrics:charts.netIn'), unit: 'rate', value: latest?.netInBps },
    { id: 'netOutBps', label: t('metrics:charts.netOut'), unit: 'rate', value: latest?.netOutBps },
  ];
}
