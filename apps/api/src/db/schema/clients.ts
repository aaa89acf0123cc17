import { sql } from 'drizzle-orm';
import { char, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer (tenant). Every customer-owned row carries its id. */
export const clients = pgTable('clients', {
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
});

export type ClientRow = typeof clients.$inferSelect;
