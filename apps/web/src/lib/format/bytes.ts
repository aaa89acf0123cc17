const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * Bytes in the largest unit under 1,024 of it (1 KB = 1,024 B), one decimal past bytes, in the
 * reader's language: "1.5 MB"; a dash for none.
 */
export function formatBytes(bytes: number | null | undefined, language: string): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** A whole number with the language's grouping (1,234,567). */
export const formatCount = (n: number, language: string) => new Intl.NumberFormat(language).format(n);
