import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sortIndexes, tenantColumns } from './columns.js';
import { vms } from './compute.js';
import { ccisTerms } from './data-store.js';
import { users } from './users.js';

/**
 * Orders (issue 13, spec section 3 "Order"): a VM's annual contract, or a data-store purchase
 * (one row per ccis_terms row, written in the purchase's transaction). Days are the customer's
 * calendar days; `end_date` is the first day the term in force no longer covers. Status holds the
 * spec's numbers (1-7) and is kept current by the order job (modules/orders/order-day.ts).
 *
 * A VM is hard-deleted, so the order keeps its name and size and loses only the link. One order
 * in force per VM (a partial unique index behind the VM row's lock); one order per idempotency key.
 */
export const orders = pgTable(
  'orders',
  {
    ...tenantColumns(),
    orderNo: text('order_no').notNull(),
    resType: text('res_type', { enum: ['vm', 'ccis'] }).notNull(),
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'set null' }),
    ccisTermId: uuid('ccis_term_id').references(() => ccisTerms.id, { onDelete: 'cascade' }),
    resName: text('res_name').notNull(),
    cpuCore: integer('cpu_core'),
    ramSize: integer('ram_size'),
    commitGb: integer('commit_gb'),
    months: integer('months').notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: integer('status').notNull(),
    autoRenew: boolean('auto_renew').notNull(),
    renewals: integer('renewals').notNull().default(0),
    /** Fixed when ordered (and at each renewal, from the price list of that day). */
    monthlyPrice: numeric('monthly_price', { precision: 16, scale: 4 }).notNull(),
    termPrice: numeric('term_price', { precision: 16, scale: 4 }).notNull(),
    idempotencyKey: text('idempotency_key'),
    /** The request the key was first used with (vmId:months:autoRenew), to refuse a reuse. */
    requestDigest: text('request_digest'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: text('account').notNull(),
    createdAt: createdAt(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo),
    uniqueIndex('orders_client_key_idx').on(t.clientId, t.idempotencyKey),
    uniqueIndex('orders_ccis_term_idx').on(t.ccisTermId),
    uniqueIndex('orders_vm_in_force_idx')
      .on(t.vmId)
      .where(sql`${t.status} in (1, 2)`),
    // The lists' sorts, each ended by the id (the tie-breaker of the ORDER BY).
    ...sortIndexes('orders', t, {
      order_date: t.orderDate,
      end_date: t.endDate,
      status: t.status,
      name: t.resName,
    }),
    // The daily job: orders in force by end date, across customers.
    index('orders_in_force_end_idx')
      .on(t.endDate)
      .where(sql`${t.status} in (1, 2)`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** An order's history: its creation, each renewal (a new term and its price), each change of status. */
export const orderEvents = pgTable(
  'order_events',
  {
    ...tenantColumns(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['create', 'renew', 'status', 'cancel'] }).notNull(),
    /** The order's status after the event. */
    status: integer('status').notNull(),
    beginDate: date('begin_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    termPrice: numeric('term_price', { precision: 16, scale: 4 }),
    account: text('account').notNull(),
  },
  (t) => [index('order_events_order_at_idx').on(t.orderId, t.at)],
);
export type OrderEventRow = typeof orderEvents.$inferSelect;
