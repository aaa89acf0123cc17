import type { TFunction } from 'i18next';
import type { MetricSeries } from '@portal/shared';
import type { MetricChartSpec } from './metric-charts';
import type { NowFigure } from './metric-states';

/** One colour per metric, and a palette for VMs compared on one chart. */
export const METRIC_COLORS = {
  cpuPct: '#1976d2',
  memPct: '#7b1fa2',
  diskReadBps: '#2e7d32',
  diskWriteBps: '#ed6c02',
  netInBps: '#0288d1',
  netOutBps: '#c62828',
  vms: '#546e7a',
} as const;
export const VM_PALETTE = ['#1976d2', '#ed6c02', '#2e7d32', '#7b1fa2', '#c62828'];

/** A VM's (or the tenant's) four charts: CPU, memory, disk read and write, network in and out. */
export function metricCharts(
  series: MetricSeries,
  t: TFunction,
  titles: { cpu?: string; mem?: string } = {},
): MetricChartSpec[] {
  const line = (id: keyof MetricSeries, label: string) => ({
    id,
    label,
    data: series[id],
    color: METRIC_COLORS[id],
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
