// Making an Intl.DateTimeFormat costs far more than using one (a list of 10,000 rows made one per
// cell shown), so there is one per language.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A server time in the reader's language, or a dash when there is none. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    formats.set(language, format);
  }
  return format.format(date);
}
