import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Wrong two-factor codes of an account, across its sign-ins and challenges (a challenge alone dies
 * after 5, and a new sign-in makes a new one). Kept per user, not per typed name like the password
 * throttle (decision 0004): only someone with the right password reaches the code, so the row
 * tells nothing about which accounts exist, and it must hold across instances and restarts.
 */
export const twoFaFailures = pgTable('two_fa_failures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Wrong codes since `since`; the count starts over once the window has passed. */
  failures: integer('failures').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  /** Two-factor sign-in of the account is refused until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type TwoFaFailureRow = typeof twoFaFailures.$inferSelect;
