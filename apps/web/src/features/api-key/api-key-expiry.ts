/** The expiry choices offered first, in days from today; any other day up to a year is typed. */
export const EXPIRY_PRESETS = [30, 90, 180, 365] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** A local day as a date field holds it (`2027-01-31`). */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local day `days` after `from`'s. */
export function daysAfter(from: Date, days: number): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return dayOf(day);
}

/**
 * The last moment of a day in the browser's zone, as an ISO time with that zone's offset
 * (`2027-01-31T23:59:59.999+08:00`): a key chosen to end on a day works through all of it. An
 * empty or impossible day answers '' (the schema refuses it).
 */
export function dayEnd(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(y, m - 1, d, 23, 59, 59, 999);
  if (end.getMonth() !== m - 1 || end.getDate() !== d) return '';
  const offset = -end.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${day}T23:59:59.999${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
