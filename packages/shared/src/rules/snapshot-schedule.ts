import { SNAPSHOT_RUN_HOURS } from '../constants.js';
import { SnapshotPolicyCycle } from '../enums/snapshot.js';
import { zonedFormat } from './zoned-format.js';

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time at `date` in `timeZone`. */
function localTime(date: Date, timeZone: string): LocalTime {
  const format = zonedFormat('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `timeZone` is ahead of UTC at `date` (ms). */
function offsetAt(date: Date, timeZone: string): number {
  const l = localTime(date, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant a wall-clock hour of a day is in `timeZone` (the later reading in a DST fold). */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  return new Date(second);
}

/** ISO weekday of a calendar day: 1 Monday to 7 Sunday. */
const isoWeekday = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 ? 7 : d;
};

/**
 * When a rule runs next after `after`, in the customer's time zone: half-daily at 02:00 and
 * 14:00, daily at 02:00, weekly at 02:00 on its weekday (SNAPSHOT_RUN_HOURS). Asked with the
 * time it ran, a rule that missed runs while the service was down runs once and then keeps its
 * rhythm, rather than catching up every missed run.
 */
export function nextSnapshotRun(after: Date, cycle: number, weekday: number | null, timeZone: string): Date {
  const today = localTime(after, timeZone);
  const hours =
    cycle === SnapshotPolicyCycle.HALF_DAILY ? SNAPSHOT_RUN_HOURS : SNAPSHOT_RUN_HOURS.slice(0, 1);
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (cycle === SnapshotPolicyCycle.WEEKLY && isoWeekday(y, m, d) !== weekday) continue;
    for (const hour of hours) {
      const at = zonedInstant(y, m, d, hour, timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  throw new Error(`no snapshot run found for cycle ${cycle}, weekday ${weekday}`);
}

/** `YYYYMMDD-HHmm` of `date` in `timeZone`: the stamp in a scheduled snapshot's name. */
export function localStamp(date: Date, timeZone: string): string {
  const l = localTime(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${l.year}${two(l.month)}${two(l.day)}-${two(l.hour)}${two(l.minute)}`;
}
