import type { FastifyBaseLogger } from 'fastify';
import { and, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { ONE_REQUEST_PER_MS, RegisterState, TWO_FA_FAILURE_WINDOW_MS } from '@portal/shared';
import type { Db } from '../db/database.js';
import {
  captchas,
  consoleTickets,
  emailLinks,
  registrations,
  sessions,
  staffSessions,
  twoFaChallenges,
  twoFaFailures,
} from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { Jobs } from './jobs/index.js';

export const CLEANUP_QUEUE = 'cleanup.expired';
/** Every ten minutes (UTC), once for all instances sharing the database. */
export const CLEANUP_CRON = '*/10 * * * *';

/**
 * Delete the rows whose expiry has passed and that nothing reads any more, as of `now`:
 * - sessions and staff sessions that expired or were ended (a revoked one never opens again);
 * - two-factor challenges that expired or were used;
 * - captchas that expired;
 * - VM console tickets that expired (used or not: a used one never opens again either);
 * - counts of wrong two-factor codes whose window has passed and whose lock has ended;
 * - mailed links that expired and are older than a day: the once-a-day rules (a password reset
 *   or a registration query per address per 24 hours, five verification mails a day) count the
 *   links of the last 24 hours, used or not, so those stay until their window has passed too.
 *   A registration's verification link stays while the application is under review: it keeps
 *   showing the submitted application after its 24 hours.
 * Counts per table, for the log.
 */
export async function deleteExpired(db: Db, now: Date) {
  const windowStart = new Date(now.getTime() - ONE_REQUEST_PER_MS);
  const failureWindowStart = new Date(now.getTime() - TWO_FA_FAILURE_WINDOW_MS);
  const [sessionRows, staffSessionRows, challengeRows, captchaRows, linkRows, failureRows, ticketRows] =
    await Promise.all([
      db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
        .returning({ key: sessions.tokenHash }),
      db
        .delete(staffSessions)
        .where(or(lte(staffSessions.expiresAt, now), isNotNull(staffSessions.revokedAt)))
        .returning({ key: staffSessions.tokenHash }),
      db
        .delete(twoFaChallenges)
        .where(or(lte(twoFaChallenges.expiresAt, now), isNotNull(twoFaChallenges.consumedAt)))
        .returning({ key: twoFaChallenges.id }),
      db.delete(captchas).where(lte(captchas.expiresAt, now)).returning({ key: captchas.id }),
      db
        .delete(emailLinks)
        .where(
          and(
            lte(emailLinks.expiresAt, now),
            lte(emailLinks.createdAt, windowStart),
            sql`not (${emailLinks.kind} = 'register' and exists (
            select 1 from ${registrations}
            where ${registrations.id} = ${emailLinks.registrationId}
              and ${registrations.state} = ${RegisterState.REGISTER_UNDER_REVIEW}))`,
          ),
        )
        .returning({ key: emailLinks.tokenHash }),
      db
        .delete(twoFaFailures)
        .where(
          and(
            lte(twoFaFailures.since, failureWindowStart),
            or(isNull(twoFaFailures.lockedUntil), lte(twoFaFailures.lockedUntil, now)),
          ),
        )
        .returning({ key: twoFaFailures.userId }),
      db
        .delete(consoleTickets)
        .where(lte(consoleTickets.expiresAt, now))
        .returning({ key: consoleTickets.tokenHash }),
    ]);
  return {
    sessions: sessionRows.length,
    staffSessions: staffSessionRows.length,
    twoFaChallenges: challengeRows.length,
    captchas: captchaRows.length,
    emailLinks: linkRows.length,
    twoFaFailures: failureRows.length,
    consoleTickets: ticketRows.length,
  };
}

/** The clean-up as a pg-boss schedule, run by whichever instance takes the tick's job. */
export async function scheduleCleanup(jobs: Jobs, deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  await jobs.schedule(CLEANUP_QUEUE, CLEANUP_CRON, async () => {
    const deleted = await deleteExpired(deps.db, deps.clock.now());
    if (Object.values(deleted).some((n) => n > 0)) deps.log.info({ deleted }, 'expired rows deleted');
  });
}
