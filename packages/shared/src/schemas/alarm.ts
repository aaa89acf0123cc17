import { z } from 'zod';
import { AlarmFiringKind, AlarmKind, AlarmMetric, AlarmOperator, AlarmStatus } from '../enums/alarm.js';
import { type AlarmFacts, alarmProblems } from '../rules/alarm.js';
import { zEnumValue, zUuid, zUuidOrEmpty } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';
import { resourceListQuery } from './resource.js';

/**
 * An alarm (spec section 3: alarmId, item, vm uuid, critical point with operator and number,
 * continuance, coolDownTime, notification emails, status, last alarm time). A metric alarm
 * watches one VM's metric; a budget alarm (ours, issue 13) the tenant's month-to-date spend
 * against a monthly budget in TWD. The fields of the other kind are null.
 */
export const alarmSchema = z.object({
  uuid: z.string(),
  alarmName: z.string(),
  kind: zEnumValue(AlarmKind),
  /** The metric; null for a budget alarm. */
  item: zEnumValue(AlarmMetric).nullable(),
  vmUuid: z.string().nullable(),
  vmName: z.string().nullable(),
  operator: zEnumValue(AlarmOperator).nullable(),
  /** In the metric's unit: percent, or KB/s (ALARM_METRIC_UNITS). */
  criticalNumber: z.number().int().nullable(),
  /** Consecutive breaching data points (one a minute) before it alarms. */
  continuance: z.number().int().nullable(),
  /** Minutes after a mail in which no other mail goes out. */
  coolDownTime: z.number().int().nullable(),
  /** The monthly budget in TWD (decimal text, four places). */
  budgetAmount: z.string().nullable(),
  /** Alarms when the month-to-date spend reaches this percent of the budget. */
  thresholdPct: z.number().int().nullable(),
  emails: z.array(z.string()),
  status: zEnumValue(AlarmStatus),
  /** When it last alarmed (by the data or by hand), ISO. */
  lastAlarmTime: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type Alarm = z.infer<typeof alarmSchema>;

const number = z.number({ error: 'validation.needBePositiveInteger' });

/** The fields of an alarm as sent; the rules across them are `alarmProblems` (rules/alarm.ts). */
const alarmFields = {
  alarmName: z.string({ error: 'validation.notEmpty' }).trim().max(200),
  item: zEnumValue(AlarmMetric).nullable().optional(),
  vmUuid: zUuidOrEmpty().nullable().optional(),
  operator: zEnumValue(AlarmOperator).nullable().optional(),
  criticalNumber: number.nullable().optional(),
  continuance: number.nullable().optional(),
  coolDownTime: number.nullable().optional(),
  budgetAmount: z.string({ error: 'validation.alarmBudgetAmount' }).trim().max(32).nullable().optional(),
  thresholdPct: number.nullable().optional(),
  emails: z
    .array(z.string({ error: 'validation.needBeFormat.Email' }).trim().max(254), {
      error: 'validation.notEmpty',
    })
    .max(100, 'validation.alarmEmailsMax'),
};

/**
 * The rules across fields, run even when a field is of the wrong type (so the form hears of every
 * problem at once), leaving out the fields whose own schema already complained.
 */
function withProblems(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (typeof body !== 'object' || body === null) return;
  for (const [path, message] of Object.entries(alarmProblems(body as AlarmFacts))) {
    const field = path.split('.')[0] as keyof typeof alarmFields;
    if (field in alarmFields && !alarmFields[field].safeParse(body[field]).success) continue;
    ctx.addIssue({
      code: 'custom',
      message,
      path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    });
  }
}

export const alarmCreateSchema = z
  .object({ kind: zEnumValue(AlarmKind).default(AlarmKind.METRIC), ...alarmFields })
  .superRefine((body, ctx) => withProblems(body, ctx), { when: () => true });
export type AlarmCreate = z.input<typeof alarmCreateSchema>;
export type AlarmCreateBody = z.output<typeof alarmCreateSchema>;

/**
 * A change to an alarm: any of its fields but its kind. The server checks the alarm as it would
 * be after the change with the same rules (alarmProblems).
 */
export const alarmUpdateSchema = z.object(alarmFields).partial();
export type AlarmUpdate = z.infer<typeof alarmUpdateSchema>;

export const ALARM_SORTS = ['alarmName', 'status', 'lastAlarmTime', 'createDate'] as const;
export type AlarmSort = (typeof ALARM_SORTS)[number];
export const alarmListQuerySchema = resourceListQuery(ALARM_SORTS).extend({
  status: zEnumValue(AlarmStatus, { coerce: true }).optional(),
  kind: zEnumValue(AlarmKind, { coerce: true }).optional(),
  item: zEnumValue(AlarmMetric, { coerce: true }).optional(),
  vmUuid: zUuid().optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuerySchema>;

/** An entry of an alarm's history. */
export const alarmFiringSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: zEnumValue(AlarmFiringKind),
  /** The alarm's status after it. */
  status: zEnumValue(AlarmStatus),
  /**
   * The value behind it, decimal text: the metric in its unit, or the month-to-date spend in TWD;
   * null for a manual trigger or missing data.
   */
  value: z.string().nullable(),
  /** How many notification mails it sent (0 within the cool-down). */
  mailed: z.number().int(),
});
export type AlarmFiring = z.infer<typeof alarmFiringSchema>;

/** An alarm's history, newest first. */
export const alarmHistoryQuerySchema = pageQuerySchema.pick({ page: true, limit: true, t: true });
export type AlarmHistoryQuery = z.infer<typeof alarmHistoryQuerySchema>;
