import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { USAGE_KINDS, type MeteredUnit, type UsageKind } from '@portal/shared';
import { clientId } from './columns.js';

/**
 * The usage ledger (issue 13; docs/usage-api.md). An hourly job (modules/usage/metering.ts)
 * records what each customer used in the hour that just ended, added into a row per month,
 * resource and price code, so the month's report and valuation read one row per line however many
 * hours went into it. Resources are deleted outright, so a line keeps the resource's id and name
 * without a foreign key: a deleted VM's hours stay in its month. Quantities are exact decimals.
 */

/** The kinds in the report's order, as SQL (the same text in the index and in the query). */
export const USAGE_KIND_ORDER_SQL = sql.raw(`ARRAY[${USAGE_KINDS.map((k) => `'${k}'`).join(', ')}]::text[]`);

/** Hours already metered: claimed in the metering transaction, so no hour is counted twice. */
export const usageMeterRuns = pgTable('usage_meter_runs', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  meteredAt: timestamp('metered_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** A resource's use of one price code in a month (the customer's calendar month, first day). */
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    clientId: clientId(),
    month: date('month', { mode: 'string' }).notNull(),
    resourceKind: text('resource_kind').$type<UsageKind>().notNull(),
    resourceId: uuid('resource_id').notNull(),
    code: text('code').notNull(),
    /** What sets the line apart within the resource: a VM's size, a disk's GB, an address. */
    detail: text('detail').notNull().default(''),
    resourceName: text('resource_name').notNull(),
    unit: text('unit').$type<MeteredUnit>().notNull(),
    /** Metered units per unit of the price list (730 GB-hours make a GB-month). */
    per: integer('per').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 9 }).notNull(),
    hours: integer('hours').notNull(),
    firstHour: timestamp('first_hour', { withTimezone: true }).notNull(),
    lastHour: timestamp('last_hour', { withTimezone: true }).notNull(),
    /** The price list's unit price when the line was last metered, and the line's amount at it. */
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 24, scale: 4 }).notNull(),
    /** The last hour's quantity: the rate the forecast carries to the month's end. */
    lastQuantity: numeric('last_quantity', { precision: 24, scale: 9 }).notNull(),
    /** A month's figure set each hour (a commitment, a 95th percentile), not a sum of hours. */
    monthly: boolean('monthly').notNull().default(false),
  },
  // Updated every hour for every line still in use: no index holds a column that changes then
  // (quantity, amount, hours), so the updates stay heap-only and cheap.
  (t) => [
    primaryKey({ columns: [t.clientId, t.month, t.resourceKind, t.resourceId, t.code, t.detail] }),
    index('usage_monthly_client_month_name_idx').on(t.clientId, t.month, t.resourceName),
    // The report's default order: kinds as listed (VMs first), then names.
    index('usage_monthly_client_month_kind_idx').on(
      t.clientId,
      t.month,
      sql`array_position(${USAGE_KIND_ORDER_SQL}, ${t.resourceKind})`,
      t.resourceName,
    ),
  ],
);
export type UsageMonthlyRow = typeof usageMonthly.$inferSelect;

/** Each day's use per kind and code (the report's chart), added to with every metered hour. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    clientId: clientId(),
    day: date('day', { mode: 'string' }).notNull(),
    resourceKind: text('resource_kind').$type<UsageKind>().notNull(),
    code: text('code').notNull(),
    per: integer('per').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 9 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day, t.resourceKind, t.code, t.per] })],
);

/** The month's peak of the customer's stored bytes (all buckets summed at each metered hour). */
export const usageStoragePeaks = pgTable(
  'usage_storage_peaks',
  {
    clientId: clientId(),
    month: date('month', { mode: 'string' }).notNull(),
    peakBytes: bigint('peak_bytes', { mode: 'number' }).notNull(),
    peakAt: timestamp('peak_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.month] })],
);

/** A 95th-percentile VPC's outbound bytes per hour, from which its month's percentile is taken. */
export const usageVpcHours = pgTable(
  'usage_vpc_hours',
  {
    clientId: clientId(),
    vpcId: uuid('vpc_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    outBytes: bigint('out_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vpcId, t.hour] }),
    index('usage_vpc_hours_month_idx').on(t.vpcId, t.month),
  ],
);
