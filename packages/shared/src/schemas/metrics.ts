import { z } from 'zod';
import { METRIC_WINDOWS } from '../constants.js';
import { VmStatus } from '../enums/vm.js';
import { zEnumValue } from '../validators/zod.js';
import { resourceListQuery } from './resource.js';

/**
 * Per-VM metrics (issue 13, console routes singleVM, singleVMDetail and totalUsage, log code
 * 10021; docs/metrics-api.md). A job samples every running VM each minute; a chart asks for a
 * window and gets its series downsampled by the server into at most MAX_CHART_POINTS buckets.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The chart windows and their lengths: the spec's four, and a week and a month from the hourly roll-up. */
export const METRIC_WINDOW_MS = {
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '12h': 12 * HOUR,
  '1d': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
} as const;
export type MetricWindow = keyof typeof METRIC_WINDOW_MS;
/** The windows of the spec (15 minutes, 1 hour, 12 hours, 1 day; constants.ts): the tenant's total offers these. */
export const SPEC_METRIC_WINDOWS = METRIC_WINDOWS satisfies readonly MetricWindow[];
export const VM_METRIC_WINDOWS = [
  '15m',
  '1h',
  '12h',
  '1d',
  '7d',
  '30d',
] as const satisfies readonly MetricWindow[];
export type TotalMetricWindow = (typeof SPEC_METRIC_WINDOWS)[number];

/** A chart never gets more points than this: longer windows are averaged into wider buckets. */
export const MAX_CHART_POINTS = 300;

/** What a sample holds: CPU and memory in percent, disk and network in bytes per second. */
export const METRIC_NAMES = [
  'cpuPct',
  'memPct',
  'diskReadBps',
  'diskWriteBps',
  'netInBps',
  'netOutBps',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const vmMetricsQuerySchema = z.object({
  window: z.enum(VM_METRIC_WINDOWS, { error: 'validation.needBeOneOf' }).default('1h'),
});
export const totalMetricsQuerySchema = z.object({
  window: z.enum(SPEC_METRIC_WINDOWS, { error: 'validation.needBeOneOf' }).default('1h'),
});
export const vmMetricsParamsSchema = z.object({ vmId: z.string().max(64) });

/** One value per bucket; null where no sample fell (the VM was stopped, or not yet sampled). */
const seriesOf = () => z.array(z.number().nullable());

export const metricSeriesSchema = z.object({
  cpuPct: seriesOf(),
  memPct: seriesOf(),
  diskReadBps: seriesOf(),
  diskWriteBps: seriesOf(),
  netInBps: seriesOf(),
  netOutBps: seriesOf(),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

/** One reading as sampled (the newest of the window, for the "now" figures). */
export const metricReadingSchema = z.object({
  at: z.string(),
  cpuPct: z.number(),
  memPct: z.number(),
  diskReadBps: z.number(),
  diskWriteBps: z.number(),
  netInBps: z.number(),
  netOutBps: z.number(),
});
export type MetricReading = z.infer<typeof metricReadingSchema>;

/** What every chart answer shares: the buckets' start times and widths. */
const chartFields = {
  window: z.enum(VM_METRIC_WINDOWS),
  /** The first bucket's start and the last bucket's end (ISO). */
  from: z.string(),
  to: z.string(),
  /** Each bucket's width; `at[i]` is bucket i's start. */
  stepSeconds: z.number().int(),
  at: z.array(z.string()),
  /** How often the job samples (60 unless the server was told otherwise): how often to ask again. */
  sampleSeconds: z.number().int(),
  /** Samples (or hours of samples) the window held; 0 means an empty chart. */
  samples: z.number().int(),
};

export const metricVmRefSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  status: zEnumValue(VmStatus),
});
export type MetricVmRef = z.infer<typeof metricVmRefSchema>;

/** A VM's chart: `GET /api/metrics/vms/{vmId}?window=`. */
export const vmMetricsSchema = z.object({
  vm: metricVmRefSchema,
  ...chartFields,
  series: metricSeriesSchema,
  latest: metricReadingSchema.nullable(),
});
export type VmMetrics = z.infer<typeof vmMetricsSchema>;

/**
 * The tenant's total: `GET /api/metrics/total?window=`. CPU and memory are the average over the VMs
 * reporting, disk and network their sum; `vms` is how many reported in each bucket (on average).
 */
export const totalMetricsSchema = z.object({
  ...chartFields,
  window: z.enum(SPEC_METRIC_WINDOWS),
  series: metricSeriesSchema.extend({ vms: seriesOf() }),
  latest: metricReadingSchema.extend({ vms: z.number().int() }).nullable(),
  /** The tenant's VMs running now (a VM that just started reports at the next sample). */
  runningVms: z.number().int(),
});
export type TotalMetrics = z.infer<typeof totalMetricsSchema>;

/** The VM filter of the metrics pages: the tenant's VMs by name, paged and searched on the server. */
export const metricVmListQuerySchema = resourceListQuery(['name']);
export type MetricVmListQuery = z.infer<typeof metricVmListQuerySchema>;
export const metricVmSchema = metricVmRefSchema.extend({ privateIP: z.string().nullable() });
export type MetricVm = z.infer<typeof metricVmSchema>;
