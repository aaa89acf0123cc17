import { eq, lte, sql } from 'drizzle-orm';
import { TWO_FA_ACCOUNT_MAX_FAILURES, TWO_FA_FAILURE_WINDOW_MS, TWO_FA_LOCK_MS } from '@portal/shared';
import type { Db } from '../db/database.js';
import { twoFaFailures } from '../db/schema/index.js';
import { tryAgainLater } from './errors.js';

/**
 * The account-wide bound on guessing two-factor codes (constants in packages/shared): wrong codes
 * are counted per user in the database, so they hold across fresh sign-ins, challenges, instances
 * and restarts. The lock ends by itself; a right code or a password reset clears the count.
 */

/** 429 TWO_FA_LOCKED with the whole seconds left on the lock. */
export const twoFaLocked = (ms: number) => tryAgainLater(ms, 'TWO_FA_LOCKED');

/** Milliseconds left on the account's two-factor lock at `now`; 0 when it is open. */
export async function twoFaLockedFor(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: twoFaFailures.lockedUntil })
    .from(twoFaFailures)
    .where(eq(twoFaFailures.userId, userId));
  return row?.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - now.getTime()) : 0;
}

/**
 * Count one wrong code, in the transaction that refuses it. From the limit on, each wrong code
 * locks the account for the lock's length: the milliseconds of that lock, or 0.
 */
export async function countWrongCode(tx: Db, userId: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - TWO_FA_FAILURE_WINDOW_MS);
  // Through the column's operator, so the time is sent as the column sends it (postgres.js takes
  // no Date inside raw SQL); `excluded` is the row the insert proposed.
  const stale = lte(twoFaFailures.since, windowStart);
  const [row] = await tx
    .insert(twoFaFailures)
    .values({ userId, failures: 1, since: now })
    .onConflictDoUpdate({
      target: twoFaFailures.userId,
      set: {
        failures: sql`case when ${stale} then 1 else ${twoFaFailures.failures} + 1 end`,
        since: sql`case when ${stale} then excluded.since else ${twoFaFailures.since} end`,
      },
    })
    .returning({ failures: twoFaFailures.failures });
  if ((row?.failures ?? 0) < TWO_FA_ACCOUNT_MAX_FAILURES) return 0;
  await tx
    .update(twoFaFailures)
    .set({ lockedUntil: new Date(now.getTime() + TWO_FA_LOCK_MS) })
    .where(eq(twoFaFailures.userId, userId));
  return TWO_FA_LOCK_MS;
}

/** A right code, or a new password from a reset link: the count and any lock are gone. */
export async function clearWrongCodes(tx: Db, userId: string): Promise<void> {
  await tx.delete(twoFaFailures).where(eq(twoFaFailures.userId, userId));
}
