import { formatBytes } from '../../lib/format/bytes';

/** A percentage as the charts show it: one decimal, "42.5 %"; a dash for none. */
export function formatPct(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  // A no-break space: the sign never wraps away from its number.
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value)}\u00a0%`;
}

/** A throughput in bytes per second, 1 KB = 1,024 B: "1.5 MB/s". */
export function formatRate(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${formatBytes(value, language).replace(' ', '\u00a0')}/s`;
}

export type MetricUnit = 'pct' | 'rate' | 'count';

export function formatMetric(unit: MetricUnit, value: number | null | undefined, language: string): string {
  if (unit === 'pct') return formatPct(value, language);
  if (unit === 'rate') return formatRate(value, language);
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}
