import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { clients } from './clients.js';
import { users } from './users.js';

/** One uploaded certificate: where it lives in the private object store and what it is. */
export interface StoredDoc {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * A registration from its verified email to the staff's decision (spec section 4). The form is
 * kept as typed (a draft) until it is submitted; approval creates the client and its root user.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    email: text('email').notNull(),
    state: text('state', {
      enum: ['REGISTER_NOT_COMPLETED', 'REGISTER_UNDER_REVIEW', 'REGISTER_DENIED', 'REGISTER_COMPLETE'],
    }).notNull(),
    /** The language of the person's mail (the language they registered in). */
    lang: text('lang').notNull(),
    info: jsonb('info').$type<Record<string, string | number>>().notNull().default({}),
    docs: jsonb('docs').$type<Record<string, StoredDoc>>().notNull().default({}),
    reason: text('reason'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => staff.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('registrations_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('registrations_state_submitted_idx').on(t.state, t.submittedAt),
  ],
);
export type RegistrationRow = typeof registrations.$inferSelect;

/**
 * Links mailed to a person: registration verification, progress query, first password and
 * password reset. Only the SHA-256 of the link's secret is kept. A request that mails nothing
 * (a reset for an unknown address) is recorded too, so the once-a-day limit reveals nothing.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['register', 'registerQuery', 'setPassword', 'resetPassword'] }).notNull(),
    email: text('email').notNull(),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_links_kind_email_idx').on(t.kind, sql`lower(${t.email})`, t.createdAt)],
);
export type EmailLinkRow = typeof emailLinks.$inferSelect;

/** Captchas: the answer is kept server-side for a few minutes and works once. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The provider's staff who review registrations: separate from customers' users. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_uq').on(sql`lower(${t.email})`)],
);
export type StaffRow = typeof staff.$inferSelect;

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);
