// Making an Intl.DateTimeFormat costs far more than using one (a list of 10,000 rows made one per
// cell shown), so there is one per language.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A server time in the reader's language, or a dash when there is none; in the browser's time
 * zone, or in `timeZone` where the time belongs to one (a snapshot rule runs by the customer's).
 */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const key = timeZone ? `${language}|${timeZone}` : language;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    formats.set(key, format);
  }
  return format.format(date);
}
