import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TWO_FA_MAX_ATTEMPTS, TWO_FA_RESEND_SECONDS, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import {
  clients,
  twoFaChallenges,
  users,
  type TwoFaChallengeRow,
  type UserRow,
} from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { fail, tryAgainLater } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { twoFaCodeMail } from '../../platform/mail/templates.js';
import { hashToken, type SessionStore } from '../../platform/sessions.js';
import { openSession, type Caller } from './sign-in.js';
import { clearWrongCodes, countWrongCode, twoFaLocked, twoFaLockedFor } from '../../platform/two-fa-lock.js';

/** A challenge outlives several codes (resends) but not a quarter of an hour. */
const CHALLENGE_TTL_MS = 15 * 60 * 1000;
/** A new code at most every 30 seconds, so resend cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = TWO_FA_RESEND_SECONDS * 1000;

export interface TwoFaDeps {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  mail: MailQueue;
  /** How long each emailed code lives (config.twoFaCodeTtlMs). */
  codeTtlMs: number;
}

/** a***@example.com: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

// The secret challenge salts the code's hash, so a copy of the table cannot be searched for the
// code: a million guesses need the challenge, which the table keeps only as a hash (like tokens).
const codeHash = (challenge: string, code: string) =>
  createHash('sha256').update(`${challenge}:${code}`).digest('hex');

const codeMatches = (row: TwoFaChallengeRow, challenge: string, code: string) =>
  timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(codeHash(challenge, code), 'hex'));

/** Unknown, used, too old or guessed at too often in itself: the user must sign in again. */
const isOpen = (row: TwoFaChallengeRow | undefined, now: Date): row is TwoFaChallengeRow =>
  row !== undefined && row.consumedAt === null && row.expiresAt > now && row.attempts < TWO_FA_MAX_ATTEMPTS;

export function createTwoFa(deps: TwoFaDeps) {
  const { db, clock, mail, codeTtlMs } = deps;

  /** A wrong, late or spent code goes to the audit log of the user's client (an unknown challenge names nobody). */
  async function recordTwoFaFailure(userId: string | undefined, reason: string, caller: Caller) {
    if (!userId) return;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    await recordAudit(db, clock, {
      clientId: user.clientId,
      userId: user.id,
      account: user.account,
      action: 'auth.twoFaFailed',
      outcome: 'failure',
      ip: caller.ip,
      detail: { reason },
    });
  }

  /** Queued in the transaction that stores the code: the answer does not wait for the mail server. */
  const mailCode = (tx: Db, to: string, code: string, lang: Language) =>
    mail.send({ to, lang, ...twoFaCodeMail(lang, code, Math.ceil(codeTtlMs / 60_000)) }, { tx });

  return {
    /**
     * After a right password: a challenge for the browser to hold and a code for the mailbox;
     * neither while the account's two-factor step is locked by wrong codes.
     */
    async start(user: UserRow, lang: Language, caller: Caller) {
      const email = user.email;
      if (!email) throw fail('NOT_HAVE_EMAIL');
      const now = clock.now();
      const locked = await twoFaLockedFor(db, user.id, now);
      if (locked > 0) {
        await recordTwoFaFailure(user.id, 'TWO_FA_LOCKED', caller);
        throw twoFaLocked(locked);
      }
      const challenge = randomBytes(32).toString('base64url');
      const code = newCode();
      await db.transaction(async (tx) => {
        await tx.insert(twoFaChallenges).values({
          id: hashToken(challenge),
          userId: user.id,
          codeHash: codeHash(challenge, code),
          codeExpiresAt: new Date(now.getTime() + codeTtlMs),
          lastSentAt: now,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        });
        await mailCode(tx, email, code, lang);
      });
      return { twoFa: true as const, challenge, email: maskEmail(email) };
    },

    /** The emailed code, once: a session token, or why not. */
    async verify(input: { challenge: string; code: string }, caller: Caller): Promise<{ token: string }> {
      // The challenge and its user are locked while one request decides, so parallel guesses, in
      // one challenge or in several of the account, cannot pass the limits, and one code cannot
      // open two sessions. Wrong tries are committed before the refusal.
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .select()
          .from(twoFaChallenges)
          .where(eq(twoFaChallenges.id, hashToken(input.challenge)))
          .for('update');
        const userId: string | undefined = row?.userId;
        // A code sent again after it signed in (a double click, a retry): that sign-in stands.
        if (row?.consumedAt) return { ok: false, refuse: 'REPEAT_LOGIN', userId } as const;
        if (!isOpen(row, now)) return { ok: false, refuse: 'CAN_NOT_FIND_2FA', userId } as const;
        const [found] = await tx
          .select({ user: users, suspendedAt: clients.suspendedAt })
          .from(users)
          .innerJoin(clients, eq(clients.id, users.clientId))
          .where(eq(users.id, row.userId))
          .for('no key update', { of: users });
        if (!found) return { ok: false, refuse: 'CAN_NOT_FIND_2FA', userId } as const;
        const { user } = found;
        const locked = await twoFaLockedFor(tx, user.id, now);
        if (locked > 0) return { ok: false, refuse: 'TWO_FA_LOCKED', lockedMs: locked, userId } as const;
        if (row.codeExpiresAt <= now) return { ok: false, refuse: 'VERIFY_CODE_ERROR', userId } as const;
        if (!codeMatches(row, input.challenge, input.code)) {
          const attempts = row.attempts + 1;
          await tx.update(twoFaChallenges).set({ attempts }).where(eq(twoFaChallenges.id, row.id));
          const lockedMs = await countWrongCode(tx, user.id, now);
          if (lockedMs > 0) return { ok: false, refuse: 'TWO_FA_LOCKED', lockedMs, userId } as const;
          return {
            ok: false,
            refuse: attempts >= TWO_FA_MAX_ATTEMPTS ? 'CAN_NOT_FIND_2FA' : 'TWO_FA_CODE_ERROR',
            userId,
          } as const;
        }
        // Suspended between the password and the code: told only after the right code, which
        // stays unspent.
        if (found.suspendedAt) return { ok: false, refuse: 'ACCOUNT_DISABLE', userId } as const;
        await tx.update(twoFaChallenges).set({ consumedAt: now }).where(eq(twoFaChallenges.id, row.id));
        await clearWrongCodes(tx, user.id);
        return { ok: true, user } as const;
      });
      if (!outcome.ok) {
        await recordTwoFaFailure(outcome.userId, outcome.refuse, caller);
        throw outcome.refuse === 'TWO_FA_LOCKED' ? twoFaLocked(outcome.lockedMs) : fail(outcome.refuse);
      }
      // Locked between the password and the code: the lock wins.
      if (outcome.user.isLocked) {
        await recordTwoFaFailure(outcome.user.id, 'ACCOUNT_IS_LOCK', caller);
        throw fail('ACCOUNT_IS_LOCK');
      }
      return { token: await openSession(deps, outcome.user, caller, { twoFa: true }) };
    },

    /** A new code for the same challenge; the old code dies and the wrong-try count stays. */
    async resend(challenge: string, lang: Language): Promise<{ email: string }> {
      const now = clock.now();
      const [found] = await db
        .select({ row: twoFaChallenges, email: users.email })
        .from(twoFaChallenges)
        .innerJoin(users, eq(users.id, twoFaChallenges.userId))
        .where(eq(twoFaChallenges.id, hashToken(challenge)));
      const email = found?.email;
      if (!found || !isOpen(found.row, now) || !email) throw fail('CAN_NOT_FIND_2FA');
      const { row } = found;
      const locked = await twoFaLockedFor(db, row.userId, now);
      if (locked > 0) throw twoFaLocked(locked);
      const wait = row.lastSentAt.getTime() + RESEND_AFTER_MS - now.getTime();
      if (wait > 0) throw tryAgainLater(wait);
      const code = newCode();
      const sent = await db.transaction(async (tx) => {
        // Conditional on the send time read above: of two resends at once, one mails a code.
        const [updated] = await tx
          .update(twoFaChallenges)
          .set({
            codeHash: codeHash(challenge, code),
            codeExpiresAt: new Date(now.getTime() + codeTtlMs),
            lastSentAt: now,
          })
          .where(and(eq(twoFaChallenges.id, row.id), eq(twoFaChallenges.lastSentAt, row.lastSentAt)))
          .returning({ id: twoFaChallenges.id });
        if (updated) await mailCode(tx, email, code, lang);
        return updated !== undefined;
      });
      if (!sent) throw tryAgainLater(RESEND_AFTER_MS);
      return { email: maskEmail(email) };
    },
  };
}

export type TwoFa = ReturnType<typeof createTwoFa>;
