/** How full a limit is, for a bar: its percent (0-100) and its colour. */
export interface Gauge {
  percent: number;
  color: 'primary' | 'warning' | 'error';
}

/** From 80 % a limit is near (warning); at or over it, reached (error). */
export const NEAR_LIMIT = 0.8;

/**
 * A bar of `used` against `limit`. Decimal strings are read as numbers: the bar is a picture,
 * the figures beside it are printed from the exact amounts.
 */
export function gauge(used: number | string, limit: number | string): Gauge {
  const u = Number(used);
  const l = Number(limit);
  if (!Number.isFinite(u) || !Number.isFinite(l) || l <= 0) return { percent: 0, color: 'primary' };
  const ratio = u / l;
  return {
    percent: Math.min(100, Math.max(0, ratio * 100)),
    color: ratio >= 1 ? 'error' : ratio >= NEAR_LIMIT ? 'warning' : 'primary',
  };
}
