import { sql } from 'drizzle-orm';
import { bigint, char, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer (tenant). Every customer-owned row carries its id. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The 11-digit account ID that IAM users type when they sign in. */
    clientNumber: char('client_number', { length: 11 }).notNull().unique(),
    identityType: text('identity_type', { enum: ['COMPANY', 'PERSONAL'] }).notNull(),
    identityNumber: text('identity_number').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactTel: text('contact_tel').notNull().default(''),
    contactMobile: text('contact_mobile').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /**
     * Moves on with every change to the client's console resources (triggers, migration 0012), so
     * an answer built from them can be kept and given again until it moves (see list-cache.ts).
     * It comes with the session lookup every request makes, at no extra query.
     */
    /** Where the customer's schedules (snapshot rules) run by the clock (IANA name). */
    timeZone: text('time_zone').notNull().default('Asia/Taipei'),
    resourcesVersion: bigint('resources_version', { mode: 'number' }).notNull().default(0),
    /**
     * Set while the provider's staff have suspended the customer (spec section 9, late payment):
     * none of its users may sign in. Nothing of its resources is touched.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Why, as the staff member wrote it; null when not suspended. */
    suspendedReason: text('suspended_reason'),
  },
  // One member, one account: a registration looks its identity number up (identity-number.ts).
  (t) => [index('clients_identity_number_idx').on(t.identityNumber)],
);

export type ClientRow = typeof clients.$inferSelect;
