import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientId, id, sortIndexes, tenantColumns } from './columns.js';
import { vms } from './compute.js';

const tz = { withTimezone: true } as const;

/**
 * Alarms (issue 13; spec sections 3-5): a metric alarm watches one VM's metric in its minute
 * samples (`vm_metric_samples`); a budget alarm the tenant's month-to-date spend against a monthly
 * budget. The fields of the other kind are null. A metric alarm goes with its VM (cascade): an
 * alarm on a VM that no longer exists could never be evaluated again.
 */
export const alarms = pgTable(
  'alarms',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['metric', 'budget'] }).notNull(),
    metric: text('metric', { enum: ['cpu', 'memory', 'diskRead', 'diskWrite', 'netIn', 'netOut'] }),
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'cascade' }),
    operator: text('operator', { enum: ['>', '>=', '<', '<='] }),
    /** The critical number in the metric's unit (percent or KB/s). */
    critical: integer('critical'),
    /** Consecutive breaching samples before it alarms. */
    continuance: integer('continuance'),
    coolDownMinutes: integer('cool_down_minutes'),
    /** The monthly budget in TWD, exact. */
    budgetAmount: numeric('budget_amount', { precision: 16, scale: 4 }),
    thresholdPct: integer('threshold_pct'),
    emails: text('emails').array().notNull(),
    /** The language of its mails: that of the person who set it up (or last changed it). */
    lang: text('lang', { enum: ['zh-TW', 'en'] })
      .notNull()
      .default('zh-TW'),
    /** 0 normal, 1 alarming, 2 insufficient data (AlarmStatus). */
    status: smallint('status').notNull(),
    /** Breaching samples in a row so far, at most `continuance` (a row is written only on a change). */
    streak: integer('streak').notNull().default(0),
    /** When it last alarmed, from the data or by hand. */
    lastAlarmAt: timestamp('last_alarm_at', tz),
    /** When it last mailed: the cool-down counts from here. */
    lastMailedAt: timestamp('last_mailed_at', tz),
    /**
     * The sample minute that last moved a metric alarm: a minute is evaluated once, so a sampler
     * that evaluates a minute again counts none of its breaches twice.
     */
    evaluatedAt: timestamp('evaluated_at', tz),
    /** The month ('YYYY-MM', the tenant's time zone) a budget alarm mailed for its threshold. */
    budgetMailedMonth: text('budget_mailed_month'),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    // The list's sorts, each led by the tenant and ended by the id (list-query.ts orderOf).
    ...sortIndexes('alarms', t, {
      name: t.name,
      status: t.status,
      last_alarm: t.lastAlarmAt,
      created: t.createdAt,
    }),
    // The evaluator finds the alarms of the VMs sampled in a minute.
    index('alarms_vm_idx').on(t.vmId),
    index('alarms_budget_idx')
      .on(t.clientId)
      .where(sql`${t.kind} = 'budget'`),
    check(
      'alarms_kind_fields',
      sql`(${t.kind} = 'metric' and ${t.vmId} is not null and ${t.metric} is not null
        and ${t.operator} is not null and ${t.critical} > 0 and ${t.continuance} > 0
        and ${t.coolDownMinutes} > 0)
      or (${t.kind} = 'budget' and ${t.budgetAmount} > 0 and ${t.thresholdPct} > 0)`,
    ),
    check('alarms_emails', sql`cardinality(${t.emails}) between 1 and 10`),
    check('alarms_status', sql`${t.status} in (0, 1, 2)`),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;

/** An alarm's history: each time it alarmed, was triggered, recovered or lost its data. */
export const alarmFirings = pgTable(
  'alarm_firings',
  {
    id: id(),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    at: timestamp('at', tz).notNull(),
    kind: text('kind', { enum: ['breach', 'manual', 'recovered', 'insufficient'] }).notNull(),
    /** The alarm's status after it. */
    status: smallint('status').notNull(),
    /** The metric value (its unit) or the month-to-date spend (TWD); null when there is none. */
    value: numeric('value', { precision: 24, scale: 4 }),
    /** Mails it sent (0 within the cool-down, or once this month for a budget). */
    mailed: integer('mailed').notNull().default(0),
  },
  (t) => [index('alarm_firings_alarm_at_idx').on(t.alarmId, t.at, t.id)],
);
