const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const formats = new Map<string, Intl.NumberFormat>();

/** Bytes in human units (1,024 to a step) in the reader's language: "1.5 MB"; a dash for none. */
export function formatBytes(bytes: number | null | undefined, language: string): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    formats.set(language, format);
  }
  return `${format.format(value)} ${UNITS[unit]}`;
}

/** A file's type as the row shows it: the name's extension in capitals, or null when it has none. */
export function fileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : null;
}

/** Time left as "mm:ss" ("h:mm:ss" from an hour on); null once it has passed. */
export function formatCountdown(ms: number): string | null {
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
