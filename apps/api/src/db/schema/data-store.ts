import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sortIndexes, tenantColumns } from './columns.js';
import { users } from './users.js';

/**
 * The data-store contract (CCIS): one row per purchase, the contract history. What is in force on
 * a day follows from the rows in the order bought (packages/shared rules/ccis.ts). Days are the
 * customer's calendar days; `expire_date` is the first day the term no longer covers.
 *
 * Two unique indexes back the purchase's checks: one purchase per customer per day
 * (`purchase_day`), and one purchase per idempotency key (a retry finds the row it made).
 */
export const ccisTerms = pgTable(
  'ccis_terms',
  {
    ...tenantColumns(),
    /** The order number the customer sees and quotes. */
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: ['new', 'increase', 'renew', 'reduce'] }).notNull(),
    months: integer('months').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    commitGb: integer('commit_gb').notNull(),
    autoExtend: boolean('auto_extend').notNull(),
    /** The price list's figures on the day: per month and for the whole term. */
    monthlyPrice: numeric('monthly_price', { precision: 16, scale: 4 }).notNull(),
    termPrice: numeric('term_price', { precision: 16, scale: 4 }).notNull(),
    /** The customer's calendar day of the purchase. */
    purchaseDay: date('purchase_day', { mode: 'string' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request the key was first used with (commitGb:months:autoExtend), to refuse a reuse. */
    requestDigest: text('request_digest').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: text('account').notNull(),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('ccis_terms_client_day_idx').on(t.clientId, t.purchaseDay),
    uniqueIndex('ccis_terms_client_key_idx').on(t.clientId, t.idempotencyKey),
    uniqueIndex('ccis_terms_order_idx').on(t.orderId),
    ...sortIndexes('ccis_terms', t, { created: t.createdAt }),
  ],
);
export type CcisTermRow = typeof ccisTerms.$inferSelect;
