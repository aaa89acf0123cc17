import { CCIS_MAX_GB, CCIS_MIN_GB, CCIS_REDUCE_WINDOW_DAYS, CCIS_STEP_GB } from '../constants.js';
import { type Rule, integerOf, withValues } from '../validators/rule.js';
import type { RuleResult } from './vm.js';
import { zonedFormat } from './zoned-format.js';

/**
 * The data-store contract (CCIS): pure functions of calendar days ('YYYY-MM-DD' in the customer's
 * time zone), so the form and the server decide alike. A contract is a list of terms (the
 * contract history); each purchase adds one, which replaces from its first day whatever the
 * earlier terms had planned from then on.
 */

/** The terms a contract may run for (months). */
export const CCIS_CONTRACT_MONTHS = [12, 24, 36] as const;
export type CcisContractMonths = (typeof CCIS_CONTRACT_MONTHS)[number];

/** Decimal gigabytes, as storage is sold: 1 GB = 10^9 bytes. */
export const CCIS_BYTES_PER_GB = 1_000_000_000;

/** The commitment field: a whole number of GB, at least 1,000, in steps of 100 (the most is a rule). */
export const isCcisCommitGb: Rule = withValues(
  (value) => {
    const n = integerOf(value);
    return n !== null && n >= CCIS_MIN_GB && n % CCIS_STEP_GB === 0 ? true : 'validation.ccisCommitGb';
  },
  { min: CCIS_MIN_GB.toLocaleString('en'), step: CCIS_STEP_GB, max: CCIS_MAX_GB.toLocaleString('en') },
);

/** The calendar day of `now` in `timeZone` ('YYYY-MM-DD'). */
export function ccisToday(now: Date, timeZone: string): string {
  const parts = zonedFormat('en-CA', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const asUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` plus `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const { y, m, d } = asUtc(day);
  return isoDay(new Date(Date.UTC(y, m - 1, d + days)));
}

/** `day` plus `months`, kept in the last day of a shorter month (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = asUtc(day);
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfTarget))));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = asUtc(from);
  const b = asUtc(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** One term of the contract history as the rules need it; `expireDate` is the first day after it. */
export interface CcisTermFacts {
  orderId: string;
  months: number;
  beginDate: string;
  expireDate: string;
  commitGb: number;
  autoExtend: boolean;
}

/** A stretch of the contract in force: a term, cut short by a later one or renewed by auto-extend. */
export interface CcisPeriod extends CcisTermFacts {
  /** How many times auto-extend has renewed the term (0: its first run). */
  renewals: number;
}

/** Roll the last period forward by its months while it ends before `day` (or on it, `through`). */
function roll(period: CcisPeriod, day: string, through: boolean): CcisPeriod {
  if (!period.autoExtend) return period;
  let p = period;
  while (p.expireDate < day || (through && p.expireDate === day)) {
    p = {
      ...p,
      beginDate: p.expireDate,
      expireDate: addMonths(p.expireDate, p.months),
      renewals: p.renewals + 1,
    };
  }
  return p;
}

/**
 * The contract's periods on `today`, from the terms in the order bought: each later term replaces
 * from its first day whatever the earlier ones had planned (a term planned to begin on or after it
 * is dropped, one running across it is cut there), and the last one renews while auto-extend is on.
 */
function periodsOf(terms: readonly CcisTermFacts[], today: string) {
  let periods: CcisPeriod[] = [];
  const dropped = new Set<string>();
  for (const term of terms) {
    const last = periods.at(-1);
    if (last) periods[periods.length - 1] = roll(last, term.beginDate, false);
    for (const p of periods) if (p.beginDate >= term.beginDate) dropped.add(p.orderId);
    periods = periods
      .filter((p) => p.beginDate < term.beginDate)
      .map((p) => (p.expireDate > term.beginDate ? { ...p, expireDate: term.beginDate } : p));
    periods.push({ ...term, renewals: 0 });
  }
  const last = periods.at(-1);
  if (last) periods[periods.length - 1] = roll(last, today, true);
  return { periods, dropped };
}

/**
 * The contract on `today`: the period in force (null when there is none) and the one planned to
 * follow it (a reduction, effective at expiry). `terms` are the history in the order bought.
 */
export function ccisContractState(
  terms: readonly CcisTermFacts[],
  today: string,
): { current: CcisPeriod | null; pending: CcisPeriod | null } {
  const { periods } = periodsOf(terms, today);
  const current = periods.find((p) => p.beginDate <= today && today < p.expireDate) ?? null;
  const pending = periods.find((p) => p.beginDate > today) ?? null;
  return { current, pending };
}

/**
 * What became of each term on `today`, for the order lists (each purchase is an order of type
 * ccis): the stretch it covers (cut by a later purchase, or renewed by auto-extend), or null when
 * a later purchase replaced it before it began (a reduction overtaken by an increase).
 */
export function ccisTermOutcomes(
  terms: readonly CcisTermFacts[],
  today: string,
): Map<string, CcisPeriod | null> {
  const { periods, dropped } = periodsOf(terms, today);
  const outcomes = new Map<string, CcisPeriod | null>();
  for (const id of dropped) outcomes.set(id, null);
  for (const p of periods) outcomes.set(p.orderId, p);
  return outcomes;
}

export interface CcisPurchaseRequest {
  commitGb: number;
  months: number;
  autoExtend: boolean;
}

/** What a purchase does: a new contract, a larger (or renewed) one from today, or a reduction at expiry. */
export type CcisPurchaseKind = 'new' | 'increase' | 'renew' | 'reduce';

export interface CcisPurchasePlan {
  kind: CcisPurchaseKind;
  beginDate: string;
  expireDate: string;
}

/**
 * Whether a purchase may go ahead on `today` and, if so, the term it makes. `purchasedToday`: the
 * customer already bought or changed the contract today (one purchase per day). The field rules
 * (at least 1,000 GB in steps of 100; a term of 12, 24 or 36 months) are the schema's.
 *
 * - No contract in force: a new one from today.
 * - Less than in force: a reduction, only in the last 30 days, from the expiry.
 * - As much or more: a new term from today that replaces the rest of the current one; its term
 *   is at least as long as the current term's (CCIS_PERIOD_MUST_BE_LONGER) and it ends after the
 *   current end (CCIS_NEW_END_MUST_AFTER_OLD_END, e.g. on the very day an auto-extend renewed it).
 */
export function planCcisPurchase(
  state: { current: CcisPeriod | null },
  request: CcisPurchaseRequest,
  today: string,
  purchasedToday: boolean,
): CcisPurchasePlan | Exclude<RuleResult, true> {
  if (purchasedToday) return 'CCIS_PURCHASE_TOO_OFTEN';
  if (request.commitGb > CCIS_MAX_GB) return 'CCIS_PURCHASE_FULL';
  const { current } = state;
  if (!current) return { kind: 'new', beginDate: today, expireDate: addMonths(today, request.months) };
  if (request.commitGb < current.commitGb) {
    if (daysBetween(today, current.expireDate) > CCIS_REDUCE_WINDOW_DAYS) return 'CCIS_REDUCE_ON_LAST_MONTH';
    return {
      kind: 'reduce',
      beginDate: current.expireDate,
      expireDate: addMonths(current.expireDate, request.months),
    };
  }
  if (request.months < current.months) return 'CCIS_PERIOD_MUST_BE_LONGER';
  const expireDate = addMonths(today, request.months);
  if (expireDate <= current.expireDate) return 'CCIS_NEW_END_MUST_AFTER_OLD_END';
  return { kind: request.commitGb > current.commitGb ? 'increase' : 'renew', beginDate: today, expireDate };
}

/** The first day a reduction may be asked for: 30 days before expiry. */
export const ccisReduceOpensOn = (current: CcisPeriod) =>
  addDays(current.expireDate, -CCIS_REDUCE_WINDOW_DAYS);

/** Use above the commitment, in whole GB rounded up (what the valuation charges as excess). */
export function ccisExcessGb(usedBytes: number, commitGb: number): number {
  const over = usedBytes - commitGb * CCIS_BYTES_PER_GB;
  return over > 0 ? Math.ceil(over / CCIS_BYTES_PER_GB) : 0;
}
