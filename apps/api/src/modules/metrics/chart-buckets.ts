import { MAX_CHART_POINTS, type MetricName } from '@portal/shared';

/**
 * How a chart's window becomes at most MAX_CHART_POINTS buckets, and how samples (and hours of
 * samples) are averaged into them. Pure: the service reads rows, this shapes them.
 */

/** Bucket widths a chart may use (seconds): round figures a reader can tell apart on an axis. */
export const CHART_STEPS = [60, 120, 180, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];

/**
 * The narrowest step that fits the window in at most `maxPoints` buckets, and never narrower than
 * the samples come (a bucket with no sample would be a gap in every bucket but one).
 */
export function chartStepSeconds(windowMs: number, sampleSeconds = 60, maxPoints = MAX_CHART_POINTS): number {
  const windowSeconds = windowMs / 1000;
  const step = CHART_STEPS.find((s) => s >= sampleSeconds && windowSeconds / s <= maxPoints);
  return step ?? CHART_STEPS.at(-1)!;
}

export interface ChartFrame {
  /** The first bucket's start (ms since the epoch); buckets are aligned to multiples of the step. */
  from: number;
  /** The last bucket's end: the bucket holding `now` is the last. */
  to: number;
  stepMs: number;
  count: number;
}

/**
 * The buckets of a window ending now: aligned to the step (so a refresh moves whole buckets, and
 * what a bucket averages does not shift), the last one the bucket `now` falls in.
 */
export function chartFrame(now: Date, windowMs: number, stepSeconds: number): ChartFrame {
  const stepMs = stepSeconds * 1000;
  const count = Math.max(1, Math.round(windowMs / stepMs));
  const to = Math.floor(now.getTime() / stepMs) * stepMs + stepMs;
  return { from: to - count * stepMs, to, stepMs, count };
}

/** One reading in time: a minute's sample (weight 1) or an hour's average (weight: its samples). */
export interface WeightedReading {
  at: number;
  weight: number;
  values: Record<MetricName, number>;
}

export type BucketSeries<N extends string> = Record<N, (number | null)[]>;

/**
 * The weighted average of each metric per bucket; null where nothing fell. Readings outside the
 * frame are ignored. `names` picks the metrics (the tenant's total adds `vms`).
 */
export function averageIntoBuckets<N extends string>(
  frame: ChartFrame,
  readings: Iterable<{ at: number; weight: number; values: Record<N, number> }>,
  names: readonly N[],
): { series: BucketSeries<N>; samples: number } {
  const sums = names.map(() => new Float64Array(frame.count));
  const weights = new Float64Array(frame.count);
  let samples = 0;
  for (const r of readings) {
    if (r.at < frame.from || r.at >= frame.to || !(r.weight > 0)) continue;
    const i = Math.floor((r.at - frame.from) / frame.stepMs);
    weights[i]! += r.weight;
    names.forEach((name, k) => (sums[k]![i]! += r.values[name] * r.weight));
    samples += 1;
  }
  const series = Object.fromEntries(
    names.map((name, k) => [
      name,
      Array.from(weights, (w, i) => (w > 0 ? roundFigure(sums[k]![i]! / w, name) : null)),
    ]),
  ) as BucketSeries<N>;
  return { series, samples };
}

/** Percentages to two decimals, rates and counts to whole numbers: what a chart can show. */
function roundFigure(value: number, name: string): number {
  return name.endsWith('Pct') ? Math.round(value * 100) / 100 : Math.round(value);
}

/** The buckets' start times as ISO text. */
export const bucketTimes = (frame: ChartFrame) =>
  Array.from({ length: frame.count }, (_, i) => new Date(frame.from + i * frame.stepMs).toISOString());
