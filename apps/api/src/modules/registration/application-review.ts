import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { IdentityType, RegisterState, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, emailLinks, registrations, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { newLinkToken } from '../../platform/email-links.js';
import { fail } from '../../platform/errors.js';
import { approvedMail, deniedMail } from '../../platform/mail/account-mails.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { hasPassword, NO_PASSWORD } from '../../platform/passwords.js';
import { auditedStaffChange, type StaffActor } from '../../platform/staff-audit-record.js';
import { lockedApplication } from './application-rows.js';
import { claimIdentityNumber } from './identity-number.js';

/** The set-password link of an approval works for 7 days. */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How the approval shows in the new client's own audit log: done by the provider, not a user. */
export const PROVIDER_ACCOUNT = 'provider';

/** An 11-digit client number; the unique index decides, and a collision draws again. */
const drawClientNumber = () => String(randomInt(10_000_000_000, 100_000_000_000));

/**
 * Staff decisions on applications, each in one transaction with its record in the staff trail:
 * approve (the client and its root user made), deny, and a fresh set-password link.
 */
export function createApplicationReview(deps: { db: Db; clock: Clock; mail: MailQueue; publicUrl: string }) {
  const { db, clock, mail, publicUrl } = deps;
  return {
    /**
     * Approve: in one transaction the client (with a new 11-digit number) and its root user are
     * created, the application completed, and the decision recorded in the staff trail and in the
     * new client's own audit log, and the set-password link is queued for mail. The root user
     * starts with two-factor on (docs/decisions/0006).
     */
    async approve(id: string, actor: StaffActor) {
      const now = clock.now();
      const { token, tokenHash } = newLinkToken();
      const result = await auditedStaffChange(
        { db, clock },
        { ...actor, action: 'application.approve', applicationId: id },
        async (tx) => {
          const r = await lockedApplication(tx, id);
          if (r.state !== RegisterState.REGISTER_UNDER_REVIEW) throw fail('VERIFY_REGISTER_AGREE_ERROR');
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, r.email.toLowerCase())));
          if (taken) throw fail('EMAIL_EXISTS');
          const info = r.info;
          const text = (k: string) => (typeof info[k] === 'string' ? (info[k] as string) : '');
          await claimIdentityNumber(tx, text('identity_number'), r.id);
          let client;
          for (let attempt = 0; !client && attempt < 10; attempt++) {
            [client] = await tx
              .insert(clients)
              .values({
                clientNumber: drawClientNumber(),
                identityType: text('identity_type') === IdentityType.PERSONAL ? 'PERSONAL' : 'COMPANY',
                identityNumber: text('identity_number'),
                companyName: text('company_name'),
                contactName: text('contact_name'),
                contactTel: text('contact_tel'),
                contactMobile: text('contact_mobile'),
              })
              .onConflictDoNothing({ target: clients.clientNumber })
              .returning();
          }
          if (!client) throw new Error('No free client number after 10 draws');
          const [root] = await tx
            .insert(users)
            .values({
              clientId: client.id,
              isRoot: true,
              account: r.email,
              email: r.email,
              passwordHash: NO_PASSWORD,
              twoFa: true,
            })
            .returning();
          await tx
            .update(registrations)
            .set({
              state: RegisterState.REGISTER_COMPLETE,
              clientId: client.id,
              reviewedBy: actor.staffId,
              reviewedAt: now,
              updatedAt: now,
            })
            .where(eq(registrations.id, r.id));
          await tx.insert(emailLinks).values({
            tokenHash,
            kind: 'setPassword',
            email: r.email,
            userId: root!.id,
            registrationId: r.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS),
          });
          // The customer's trail starts with its creation; who on the provider's side decided is
          // the provider's business (the staff trail), so neither staff nor address shows here.
          await recordAudit(tx, clock, {
            clientId: client.id,
            userId: null,
            account: PROVIDER_ACCOUNT,
            action: 'account.createdByReview',
            targetType: 'client',
            targetId: client.clientNumber,
            outcome: 'success',
            ip: '',
            detail: { clientNumber: client.clientNumber, account: r.email },
          });
          const lang = r.lang as Language;
          await mail.send(
            {
              to: r.email,
              lang,
              ...approvedMail(lang, `${publicUrl}/#/setPassword/${token}`, client.clientNumber),
            },
            { tx },
          );
          return {
            result: { clientNumber: client.clientNumber },
            detail: { email: r.email, clientNumber: client.clientNumber },
          };
        },
      );
      return { clientNumber: result.clientNumber };
    },

    async deny(id: string, actor: StaffActor, reason: string) {
      const now = clock.now();
      return auditedStaffChange(
        { db, clock },
        { ...actor, action: 'application.deny', applicationId: id },
        async (tx) => {
          const current = await lockedApplication(tx, id);
          if (current.state !== RegisterState.REGISTER_UNDER_REVIEW)
            throw fail('VERIFY_REGISTER_REJECT_ERROR');
          const [row] = await tx
            .update(registrations)
            .set({
              state: RegisterState.REGISTER_DENIED,
              reason,
              reviewedBy: actor.staffId,
              reviewedAt: now,
              updatedAt: now,
            })
            .where(eq(registrations.id, current.id))
            .returning();
          const lang = row!.lang as Language;
          await mail.send({ to: row!.email, lang, ...deniedMail(lang, reason) }, { tx });
          return { result: { ok: true as const }, detail: { email: row!.email, reason } };
        },
      );
    },

    /**
     * A fresh set-password link for the root user of an approved application who has not set a
     * password yet (the first link expired or was lost). The older links stop working; the mail
     * goes to the root user's address in the applicant's language.
     */
    async setPasswordLink(id: string, actor: StaffActor) {
      const now = clock.now();
      const { token, tokenHash } = newLinkToken();
      const expiresAt = new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS);
      const sent = await auditedStaffChange(
        { db, clock },
        { ...actor, action: 'application.setPasswordLink', applicationId: id },
        async (tx) => {
          const r = await lockedApplication(tx, id);
          if (r.state !== RegisterState.REGISTER_COMPLETE || !r.clientId)
            throw fail('APPLICATION_NOT_APPROVED');
          const [root] = await tx
            .select()
            .from(users)
            .where(and(eq(users.clientId, r.clientId), eq(users.isRoot, true)))
            .for('update');
          if (!root) throw fail('APPLICATION_NOT_APPROVED');
          if (hasPassword(root)) throw fail('PASSWORD_ALREADY_SET');
          await tx
            .update(emailLinks)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailLinks.kind, 'setPassword'),
                eq(emailLinks.userId, root.id),
                isNull(emailLinks.usedAt),
              ),
            );
          const email = root.email ?? root.account;
          await tx.insert(emailLinks).values({
            tokenHash,
            kind: 'setPassword',
            email,
            userId: root.id,
            registrationId: r.id,
            createdAt: now,
            expiresAt,
          });
          const [c] = await tx
            .select({ n: clients.clientNumber })
            .from(clients)
            .where(eq(clients.id, r.clientId));
          const lang = r.lang as Language;
          await mail.send(
            { to: email, lang, ...approvedMail(lang, `${publicUrl}/#/setPassword/${token}`, c?.n ?? '') },
            { tx },
          );
          return { result: { email }, detail: { email } };
        },
      );
      return { email: sent.email, expiresAt: expiresAt.toISOString() };
    },
  };
}
