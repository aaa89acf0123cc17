import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ONE_REQUEST_PER_MS,
  type EmailCaptchaBody,
  type Language,
  type NewPasswordBody,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { emailLinks, users, type EmailLinkRow } from '../../db/schema/index.js';
import { tenantScope } from '../../db/tenant-scope.js';
import type { Clock } from '../../platform/clock.js';
import { isCommonPassword } from '../../platform/common-passwords.js';
import { fail } from '../../platform/errors.js';
import type { ErrorCode } from '@portal/shared';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import type { SessionStore } from '../../platform/sessions.js';
import { clearWrongCodes } from '../../platform/two-fa-lock.js';
import type { Captchas } from '../../platform/captcha.js';
import {
  consumeLink,
  findLink,
  grantLink,
  recentLinks,
  requestLink,
  type LinkRequest,
} from '../../platform/email-links.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { resetPasswordMail } from '../../platform/mail/account-mails.js';

/** A reset link works for one hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Jobs that look up the address of a reset request and mail the link when it has an account. */
export const RESET_LINK_QUEUE = 'password.resetLink';

export interface PasswordDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  jobs: Jobs;
  captchas: Captchas;
  passwords: PasswordHasher;
  sessions: SessionStore;
  publicUrl: string;
}

const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

export function createPasswordService(deps: PasswordDeps) {
  const { db, clock, mail, jobs, captchas, passwords, sessions, publicUrl } = deps;

  async function liveLink(kind: 'setPassword' | 'resetPassword', token: string, code: ErrorCode) {
    const row = await findLink(db, kind, token);
    if (!row?.userId || row.usedAt || row.expiresAt <= clock.now()) throw fail(code);
    return row as EmailLinkRow & { userId: string };
  }

  /**
   * Set the user's password from a link: single use (the link is used up in the same transaction
   * as the change), every session of the user ends, two-factor stays on and its lock (wrong codes)
   * is lifted.
   */
  async function setFromLink(row: EmailLinkRow & { userId: string }, body: NewPasswordBody, code: ErrorCode) {
    if (isCommonPassword(body.password)) throw fail('PASSWORD_AGAINST_RULES');
    const hash = await passwords.hash(body.password);
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (!(await consumeLink(tx, row.tokenHash, now))) throw fail(code);
      const [user] = await tx
        .update(users)
        .set({ passwordHash: hash, lastSetPasswordAt: now })
        .where(eq(users.id, row.userId))
        .returning();
      if (!user) throw fail(code);
      await sessions.revokeUser(tenantScope(tx, user.clientId), user.id);
      // Whoever guessed at the codes knew the old password; with a new one the account is open again.
      await clearWrongCodes(tx, user.id);
    });
    return { ok: true as const };
  }

  /** A newer link kills the older ones; an address without a root user gets nothing. */
  async function mailResetLink(request: LinkRequest) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, request.email.toLowerCase())));
    if (!user) return;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(emailLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailLinks.kind, 'resetPassword'),
            eq(emailLinks.userId, user.id),
            isNull(emailLinks.usedAt),
          ),
        );
      const token = await grantLink(tx, request.requestHash, { userId: user.id });
      if (!token) return;
      const { lang } = request;
      await mail.send(
        {
          to: user.email ?? request.email,
          lang,
          ...resetPasswordMail(lang, `${publicUrl}/#/resetPassword/${token}`),
        },
        { tx },
      );
    });
  }

  return {
    /**
     * The same answer whether or not the address has an account, after the same work: the
     * request is recorded and the reset-link job looks the address up. Once per 24 hours per address.
     */
    async forget(body: EmailCaptchaBody, lang: Language) {
      await captchas.check(body.captchaId, body.captcha);
      const email = body.email.trim();
      const now = clock.now();
      const recent = await recentLinks(
        db,
        'resetPassword',
        email,
        new Date(now.getTime() - ONE_REQUEST_PER_MS),
      );
      if (recent.length > 0) throw fail('PASSWORD_RESET_REPEAT');
      await db.transaction((tx) =>
        requestLink(tx, jobs, RESET_LINK_QUEUE, {
          kind: 'resetPassword',
          email,
          lang,
          now,
          ttlMs: RESET_LINK_TTL_MS,
        }),
      );
      return { email };
    },

    /** The reset-link job on this instance: a root user with the address gets the link by mail. */
    async attach() {
      await jobs.work<LinkRequest>(RESET_LINK_QUEUE, mailResetLink);
    },

    async checkReset(token: string) {
      const row = await liveLink('resetPassword', token, 'PASSWORD_RESET_EXPIRED');
      return { email: maskEmail(row.email) };
    },

    async reset(token: string, body: NewPasswordBody) {
      return setFromLink(
        await liveLink('resetPassword', token, 'PASSWORD_RESET_EXPIRED'),
        body,
        'PASSWORD_RESET_EXPIRED',
      );
    },

    async checkSet(token: string) {
      const row = await liveLink('setPassword', token, 'LINK_EXPIRED');
      return { email: row.email };
    },

    async set(token: string, body: NewPasswordBody) {
      return setFromLink(await liveLink('setPassword', token, 'LINK_EXPIRED'), body, 'LINK_EXPIRED');
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
