import { describe, expect, it } from 'vitest';
import { MAX_CHART_POINTS, METRIC_NAMES, METRIC_WINDOW_MS, type MetricName } from '@portal/shared';
import { averageIntoBuckets, bucketTimes, chartFrame, chartStepSeconds } from './chart-buckets.js';

const MINUTE = 60_000;
const values = (cpu: number, net = 0): Record<MetricName, number> => ({
  cpuPct: cpu,
  memPct: 50,
  diskReadBps: 0,
  diskWriteBps: 0,
  netInBps: net,
  netOutBps: 0,
});

describe('chart steps', () => {
  it('picks the narrowest round step that keeps a window within 300 points', () => {
    const steps = Object.fromEntries(
      Object.entries(METRIC_WINDOW_MS).map(([w, ms]) => [w, chartStepSeconds(ms)]),
    );
    expect(steps).toEqual({ '15m': 60, '1h': 60, '12h': 180, '1d': 300, '7d': 3600, '30d': 10_800 });
    for (const ms of Object.values(METRIC_WINDOW_MS)) {
      expect(ms / 1000 / chartStepSeconds(ms)).toBeLessThanOrEqual(MAX_CHART_POINTS);
    }
  });

  it('never goes below the sampling period', () => {
    expect(chartStepSeconds(15 * MINUTE, 5)).toBe(60);
    expect(chartStepSeconds(15 * MINUTE, 60, 1000)).toBe(60);
    expect(chartStepSeconds(10 * 365 * 24 * 60 * MINUTE)).toBe(86_400);
  });
});

describe('chart frames', () => {
  it('ends with the bucket that holds now, aligned to the step', () => {
    const frame = chartFrame(new Date('2026-03-02T10:03:30Z'), 15 * MINUTE, 60);
    expect(frame).toEqual({
      from: Date.parse('2026-03-02T09:49:00Z'),
      to: Date.parse('2026-03-02T10:04:00Z'),
      stepMs: MINUTE,
      count: 15,
    });
    expect(bucketTimes(frame)[0]).toBe('2026-03-02T09:49:00.000Z');
    expect(bucketTimes(frame).at(-1)).toBe('2026-03-02T10:03:00.000Z');
    // A day in five-minute buckets: 288, the last one 10:00-10:05.
    const day = chartFrame(new Date('2026-03-02T10:03:30Z'), 24 * 60 * MINUTE, 300);
    expect(day.count).toBe(288);
    expect(new Date(day.to).toISOString()).toBe('2026-03-02T10:05:00.000Z');
  });
});

describe('averaging into buckets', () => {
  const frame = chartFrame(new Date('2026-03-02T10:09:59Z'), 10 * MINUTE, 300);
  const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);

  it('averages the readings of each bucket and leaves a bucket without any null', () => {
    const { series, samples } = averageIntoBuckets(
      frame,
      [
        { at: at('10:00'), weight: 1, values: values(10, 100) },
        { at: at('10:01'), weight: 1, values: values(20, 200) },
        { at: at('10:04'), weight: 1, values: values(33.333, 300) },
      ],
      METRIC_NAMES,
    );
    expect(samples).toBe(3);
    expect(series.cpuPct).toEqual([21.11, null]);
    expect(series.netInBps).toEqual([200, null]);
    expect(series.memPct).toEqual([50, null]);
  });

  it('weighs an hour of samples by how many it holds, and ignores readings outside the window', () => {
    const { series, samples } = averageIntoBuckets(
      frame,
      [
        { at: at('10:05'), weight: 59, values: values(10) },
        { at: at('10:06'), weight: 1, values: values(70) },
        { at: at('09:59'), weight: 1, values: values(99) },
        { at: at('10:10'), weight: 1, values: values(99) },
        { at: at('10:07'), weight: 0, values: values(99) },
      ],
      METRIC_NAMES,
    );
    expect(samples).toBe(2);
    expect(series.cpuPct).toEqual([null, 11]);
  });

  it('takes extra series by name (the total’s VM count)', () => {
    const { series } = averageIntoBuckets(
      frame,
      [
        { at: at('10:00'), weight: 1, values: { vms: 3 } },
        { at: at('10:01'), weight: 1, values: { vms: 4 } },
      ],
      ['vms'] as const,
    );
    expect(series.vms).toEqual([4, null]);
  });
});
