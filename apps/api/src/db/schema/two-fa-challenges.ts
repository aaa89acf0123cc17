import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * The second step of a sign-in: the random challenge the browser holds between the password and
 * the emailed code. Like session tokens, the challenge (the id) and the code are kept only as hashes.
 */
export const twoFaChallenges = pgTable(
  'two_fa_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes so far; a resend keeps the count so resending does not buy more guesses. */
    attempts: integer('attempts').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('two_fa_challenges_user_idx').on(t.userId)],
);

export type TwoFaChallengeRow = typeof twoFaChallenges.$inferSelect;
