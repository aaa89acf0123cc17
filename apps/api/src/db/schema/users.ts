import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns } from './columns.js';

/**
 * People who sign in: one root user per client (account = email) and its IAM users
 * (account = an alias unique within the client).
 */
export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
    isRoot: boolean('is_root').notNull(),
    account: text('account').notNull(),
    /** Where mail goes. For the root user it equals the account. */
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isLocked: boolean('is_locked').notNull().default(false),
    twoFa: boolean('two_fa').notNull().default(false),
    lastSetPasswordAt: timestamp('last_set_password_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // IAM sign-in: client number + alias, case-insensitive.
    uniqueIndex('users_client_account_uq').on(t.clientId, sql`lower(${t.account})`),
    // Root sign-in is by email alone, so a root email names one client.
    uniqueIndex('users_root_account_uq')
      .on(sql`lower(${t.account})`)
      .where(sql`${t.isRoot}`),
    // At most one root user per client.
    uniqueIndex('users_one_root_uq')
      .on(t.clientId)
      .where(sql`${t.isRoot}`),
    index('users_client_created_idx').on(t.clientId, t.createdAt),
    // The IAM list's other sorts (the account sort uses users_client_account_uq).
    index('users_client_last_login_idx').on(t.clientId, t.lastLoginAt),
    index('users_client_last_password_idx').on(t.clientId, t.lastSetPasswordAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
