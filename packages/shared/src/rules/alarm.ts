import { ALARM_MAX_EMAILS } from '../constants.js';
import { AlarmKind, AlarmMetric } from '../enums/alarm.js';
import { isEmail } from '../validators/basic.js';
import { isResourceName } from '../validators/resources.js';
import { type Rule, text, withValues } from '../validators/rule.js';

/**
 * Alarms (spec sections 3-5, issue 13): the field rules the form and the server share, the unit of
 * each metric, and the exact test of a budget threshold. Spec section 5: "critical number,
 * continuance and cooling time are positive integers; at most 10 notification emails".
 */

/** Percent metrics go up to 100; throughput is in KB/s (1 KB = 1,024 bytes), up to some 10 GB/s. */
export const ALARM_PERCENT_MAX = 100;
export const ALARM_THROUGHPUT_MAX = 10_000_000;
/** Continuance in data points (a sample a minute): at most a day of them, which is what is kept. */
export const ALARM_CONTINUANCE_MAX = 1440;
/** Cool-down in minutes: at most a week. */
export const ALARM_COOL_DOWN_MAX = 10_080;
/** A budget threshold in percent of the budget (over 100: warn when the budget is overrun). */
export const ALARM_THRESHOLD_PCT_MAX = 1000;
/** A monthly budget in TWD, up to four decimal places (the price list's precision). */
export const ALARM_BUDGET_MAX = 1_000_000_000;
/**
 * A metric alarm whose VM has had no sample for this many minutes has insufficient data (the VM
 * is stopped, or sampling stopped): status 2.
 */
export const ALARM_INSUFFICIENT_AFTER_MINUTES = 5;

export type AlarmMetricUnit = '%' | 'KB/s';
export const ALARM_METRIC_UNITS: Readonly<Record<AlarmMetric, AlarmMetricUnit>> = {
  cpu: '%',
  memory: '%',
  diskRead: 'KB/s',
  diskWrite: 'KB/s',
  netIn: 'KB/s',
  netOut: 'KB/s',
};

/** One minute's reading of a VM, as the samples table keeps it (bytes per second for throughput). */
export interface AlarmSampleFacts {
  cpuPct: number;
  memPct: number;
  diskReadBps: number;
  diskWriteBps: number;
  netInBps: number;
  netOutBps: number;
}

const KB = 1024;

/** The value an alarm compares with its critical number: the sample's metric in the metric's unit. */
export function alarmMetricValue(metric: AlarmMetric, sample: AlarmSampleFacts): number {
  switch (metric) {
    case AlarmMetric.CPU:
      return sample.cpuPct;
    case AlarmMetric.MEMORY:
      return sample.memPct;
    case AlarmMetric.DISK_READ:
      return sample.diskReadBps / KB;
    case AlarmMetric.DISK_WRITE:
      return sample.diskWriteBps / KB;
    case AlarmMetric.NET_IN:
      return sample.netInBps / KB;
    case AlarmMetric.NET_OUT:
      return sample.netOutBps / KB;
    default:
      return Number.NaN;
  }
}

/**
 * A whole number from 1 to `max`: 'validation.needBePositiveInteger' when it is not a whole number
 * above 0, 'validation.needBeIntegerInRange' when it is above `max`.
 */
export function positiveIntegerUpTo(max: number): Rule {
  return withValues(
    (value) => {
      const n =
        typeof value === 'number' ? value : /^\d{1,15}$/.test(text(value) ?? '') ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < 1) return 'validation.needBePositiveInteger';
      return n <= max ? true : 'validation.needBeIntegerInRange';
    },
    // Grouped for the message ("from 1 to 10,000,000"), as the data-store rule does.
    { min: 1, max: max.toLocaleString('en') },
  );
}

const isPercentCritical = positiveIntegerUpTo(ALARM_PERCENT_MAX);
const isThroughputCritical = positiveIntegerUpTo(ALARM_THROUGHPUT_MAX);
/** The critical number of a metric: percent up to 100, KB/s up to ALARM_THROUGHPUT_MAX. */
export const alarmCriticalRule = (metric: AlarmMetric | null | undefined): Rule =>
  metric && ALARM_METRIC_UNITS[metric] === 'KB/s' ? isThroughputCritical : isPercentCritical;
export const isAlarmContinuance = positiveIntegerUpTo(ALARM_CONTINUANCE_MAX);
export const isAlarmCoolDown = positiveIntegerUpTo(ALARM_COOL_DOWN_MAX);
export const isAlarmThresholdPct = positiveIntegerUpTo(ALARM_THRESHOLD_PCT_MAX);

/** Money is worked in integer ten-thousandths (as pricing/estimate.ts). */
const SCALE = 10_000n;
const DECIMAL = /^(\d{1,13})(?:\.(\d{1,4}))?$/;

/** A budget in TWD: a decimal above 0 with up to four places, at most ALARM_BUDGET_MAX. */
export const isAlarmBudgetAmount: Rule = withValues(
  (value) => {
    const s = text(value)?.trim() ?? '';
    const m = DECIMAL.exec(s);
    if (!m) return 'validation.alarmBudgetAmount';
    const units = decimalUnits(s);
    return units > 0n && units <= BigInt(ALARM_BUDGET_MAX) * SCALE ? true : 'validation.alarmBudgetAmount';
  },
  { max: ALARM_BUDGET_MAX.toLocaleString('en') },
);

/**
 * The notification emails: 1 to 10 addresses, each valid, none twice. Problems by path (`emails.2`).
 * Anything but a list (a body's wrong type, which the schema refuses too) is none.
 */
export function alarmEmailProblems(emails: unknown): Record<string, string> {
  const list: readonly unknown[] = Array.isArray(emails) ? emails : [];
  if (list.length === 0) return { emails: 'validation.notEmpty' };
  if (list.length > ALARM_MAX_EMAILS) return { emails: 'validation.alarmEmailsMax' };
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  list.forEach((email, i) => {
    const s = typeof email === 'string' ? email.trim() : email;
    const valid = typeof s === 'string' && s !== '' ? isEmail(s) : 'validation.notEmpty';
    if (valid !== true) problems[`emails.${i}`] = valid;
    else if (seen.has((s as string).toLowerCase()))
      problems[`emails.${i}`] = 'validation.alarmEmailDuplicate';
    else seen.add((s as string).toLowerCase());
  });
  return problems;
}
export const ALARM_EMAILS_RULE_VALUES = { max: ALARM_MAX_EMAILS };

/** An alarm as the rules see it: a create body, or a row with a change merged in. */
export interface AlarmFacts {
  alarmName?: unknown;
  kind?: unknown;
  item?: AlarmMetric | null;
  vmUuid?: string | null;
  operator?: string | null;
  criticalNumber?: unknown;
  continuance?: unknown;
  coolDownTime?: unknown;
  budgetAmount?: unknown;
  thresholdPct?: unknown;
  emails?: unknown;
}

const missing = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Every problem of an alarm, by field path, as message keys (empty when it may be saved). A metric
 * alarm needs its VM, metric, operator, critical number, continuance and cool-down; a budget
 * alarm its amount and threshold; both a name and their emails.
 */
export function alarmProblems(a: AlarmFacts): Record<string, string> {
  const problems: Record<string, string> = {};
  const check = (field: keyof AlarmFacts, rule: Rule) => {
    const value = a[field];
    const result = missing(value) ? 'validation.notEmpty' : rule(value);
    if (result !== true) problems[field] = result;
  };
  check('alarmName', isResourceName);
  if (a.kind === AlarmKind.BUDGET) {
    check('budgetAmount', isAlarmBudgetAmount);
    check('thresholdPct', isAlarmThresholdPct);
  } else {
    for (const field of ['vmUuid', 'item', 'operator'] as const) {
      if (missing(a[field])) problems[field] = 'validation.notEmpty';
    }
    check('criticalNumber', alarmCriticalRule(a.item));
    check('continuance', isAlarmContinuance);
    check('coolDownTime', isAlarmCoolDown);
  }
  return { ...problems, ...alarmEmailProblems(a.emails) };
}

// ---- Money: exact ----

/** "1234.5" → 12345000n ten-thousandths; a negative spend ("-12.5") counts as it is. */
export function decimalUnits(s: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d{1,4})\d*)?$/.exec(s.trim());
  if (!m) throw new Error(`not a decimal amount: ${s}`);
  const units = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -units : units;
}

/** Ten-thousandths as a decimal with four places ("1234.5000"). */
export function formatDecimalUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / SCALE}.${String(abs % SCALE).padStart(4, '0')}`;
}

/**
 * Whether a month-to-date spend has reached `thresholdPct` percent of the budget, exactly:
 * spend × 100 ≥ budget × threshold, in ten-thousandths (no float ever rounds money).
 */
export function budgetThresholdReached(spend: string, budget: string, thresholdPct: number): boolean {
  return decimalUnits(spend) * 100n >= decimalUnits(budget) * BigInt(thresholdPct);
}

/** The spend as a percent of the budget, to one decimal place, for the mail and the history. */
export function budgetSpendPct(spend: string, budget: string): string {
  const b = decimalUnits(budget);
  if (b <= 0n) return '0.0';
  const tenths = (decimalUnits(spend) * 1000n) / b;
  const sign = tenths < 0n ? '-' : '';
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}.${abs % 10n}`;
}
