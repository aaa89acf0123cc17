import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  IdentityType,
  RegisterState,
  type Language,
  type OpsApplication,
  type OpsApplicationSummary,
  type RegistrationDoc,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import {
  clients,
  emailLinks,
  registrations,
  staff,
  staffSessions,
  users,
  type RegistrationRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fail, notFound, tryAgainLater } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { hasPassword, NO_PASSWORD, type PasswordHasher } from '../../platform/passwords.js';
import { hashToken } from '../../platform/sessions.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { newLinkToken } from '../../platform/email-links.js';
import { approvedMail, deniedMail } from '../../platform/mail/account-mails.js';
import { recordAudit } from '../../platform/audit.js';
import {
  auditedStaffChange,
  auditedStaffRead,
  recordStaffAudit,
  type StaffActor,
} from '../../platform/staff-audit-record.js';
import { createStaffAuditService } from './staff-audit-service.js';
import { createViewLinks, VIEW_LINK_TTL_MS, type ViewLinks } from './document-view-link.js';
import { docsOf } from './service.js';
import { claimIdentityNumber } from './identity-number.js';
import { isUuid } from '../../platform/ids.js';

const STAFF_SESSION_MS = 8 * 60 * 60 * 1000;
/** The set-password link of an approval works for 7 days. */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface OpsDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  store: ObjectStore;
  publicUrl: string;
  /** Issues document view links; a fresh key per start unless given (tests, or a fleet's shared key). */
  viewLinks?: ViewLinks;
}

/** How the approval shows in the new client's own audit log: done by the provider, not a user. */
export const PROVIDER_ACCOUNT = 'provider';

/** Whether a root user made by an approval has chosen a password (by a link or a reset). */

const rootUserOf = async (db: Db, clientId: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.isRoot, true)))
  )[0];

/** An 11-digit client number; the unique index decides, and a collision draws again. */
const drawClientNumber = () => String(randomInt(10_000_000_000, 100_000_000_000));

const summary = (r: RegistrationRow): OpsApplicationSummary => ({
  id: r.id,
  email: r.email,
  state: r.state,
  identityType: typeof r.info.identity_type === 'string' ? r.info.identity_type : null,
  companyName: typeof r.info.company_name === 'string' ? r.info.company_name : null,
  submittedAt: r.submittedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Create a staff account (the staff:create command and the demo data). */
export async function createStaff(db: Db, passwords: PasswordHasher, email: string, password: string) {
  const passwordHash = await passwords.hash(password);
  const [row] = await db.insert(staff).values({ email, passwordHash }).onConflictDoNothing().returning();
  return row ?? null;
}

export function createOpsService(deps: OpsDeps) {
  const { db, clock, mail, passwords, throttle, store, publicUrl } = deps;
  const viewLinks = deps.viewLinks ?? createViewLinks();

  async function application(id: string) {
    if (!isUuid(id)) throw notFound();
    const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The application, locked for the rest of the transaction; 404 for an unknown id. */
  async function lockedApplication(tx: Db, id: string) {
    if (!isUuid(id)) throw notFound();
    const [r] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
    if (!r) throw notFound();
    return r;
  }

  return {
    /** The staff trail, for the console's audit page. */
    trail: createStaffAuditService(db),

    /** Sign in; every attempt, right or wrong, is in the staff trail. */
    async login(email: string, password: string, ip: string) {
      const key = `staff:${email.toLowerCase()}`;
      const failed = (staffId: string | null, error: string) =>
        recordStaffAudit(db, clock, {
          staffId,
          staffEmail: email,
          ip,
          action: 'staff.loginFailed',
          outcome: 'failure',
          detail: { error },
        });
      const wait = await throttle.retryAfter(key, ip);
      if (wait > 0) {
        await failed(null, 'TRY_AGAIN_LATER');
        throw tryAgainLater(wait);
      }
      const [row] = await db
        .select()
        .from(staff)
        .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
      const ok = row
        ? await passwords.verify(row.passwordHash, password)
        : await passwords.verifyNobody(password);
      if (!row || !ok) {
        await throttle.failed(key, ip);
        await failed(row?.id ?? null, 'LOGIN_ERROR');
        throw fail('LOGIN_ERROR');
      }
      await throttle.succeeded(key);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(staffSessions).values({
          tokenHash: hashToken(token),
          staffId: row.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
        });
        await recordStaffAudit(tx, clock, {
          staffId: row.id,
          staffEmail: row.email,
          ip,
          action: 'staff.login',
          outcome: 'success',
        });
      });
      return { token };
    },

    async logout(tokenHash: string, actor: StaffActor) {
      await auditedStaffChange({ db, clock }, { ...actor, action: 'staff.logout' }, async (tx) => {
        await tx
          .update(staffSessions)
          .set({ revokedAt: clock.now() })
          .where(eq(staffSessions.tokenHash, tokenHash));
        return { result: undefined };
      });
    },

    async list(state?: RegisterState): Promise<OpsApplicationSummary[]> {
      const rows = await db
        .select()
        .from(registrations)
        .where(state ? eq(registrations.state, state) : undefined)
        .orderBy(desc(registrations.submittedAt), desc(registrations.createdAt))
        .limit(500);
      return rows.map(summary);
    },

    async get(id: string): Promise<OpsApplication> {
      const r = await application(id);
      let clientNumber: string | null = null;
      let passwordSet: boolean | null = null;
      if (r.clientId) {
        const [c] = await db
          .select({ n: clients.clientNumber })
          .from(clients)
          .where(eq(clients.id, r.clientId));
        clientNumber = c?.n ?? null;
        const root = await rootUserOf(db, r.clientId);
        passwordSet = root ? hasPassword(root) : null;
      }
      return { ...summary(r), info: r.info, docs: docsOf(r), reason: r.reason, clientNumber, passwordSet };
    },

    /** An uploaded document, for download; the staff trail records who opened which. */
    async doc(id: string, doc: RegistrationDoc, actor: StaffActor) {
      return auditedStaffRead(
        { db, clock },
        { ...actor, action: 'application.documentDownload', applicationId: id, detail: { doc } },
        async () => {
          const r = await application(id);
          const stored = r.docs[doc];
          if (!stored) throw notFound();
          const object = await store.get(stored.key);
          if (!object) throw notFound();
          return { ...object, name: stored.name };
        },
      );
    },

    /**
     * A link that shows one document in a tab of its own for a minute: signed, bound to the staff
     * session that asked (signing out kills it) and to that one document.
     */
    async viewLink(id: string, doc: RegistrationDoc, sessionTokenHash: string, actor: StaffActor) {
      return auditedStaffRead(
        { db, clock },
        { ...actor, action: 'application.documentView', applicationId: id, detail: { doc } },
        async () => {
          const r = await application(id);
          if (!r.docs[doc]) throw notFound();
          const expiresAt = clock.now().getTime() + VIEW_LINK_TTL_MS;
          const token = viewLinks.issue({ applicationId: r.id, doc, session: sessionTokenHash, expiresAt });
          return {
            url: `/api/ops/document-view?token=${token}`,
            expiresAt: new Date(expiresAt).toISOString(),
          };
        },
      );
    },

    /** The document of a view link, or LINK_EXPIRED (forged, expired, or its session is over). */
    async openViewLink(token: string) {
      const grant = viewLinks.open(token, clock.now().getTime());
      if (!grant) throw fail('LINK_EXPIRED');
      const [live] = await db
        .select({ tokenHash: staffSessions.tokenHash })
        .from(staffSessions)
        .where(
          and(
            eq(staffSessions.tokenHash, grant.session),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, clock.now()),
          ),
        );
      if (!live) throw fail('LINK_EXPIRED');
      const r = await application(grant.applicationId);
      const stored = r.docs[grant.doc];
      if (!stored) throw notFound();
      const object = await store.get(stored.key);
      if (!object) throw notFound();
      // The type recorded at upload (sniffed from the content then), not whatever the store says.
      return { ...object, contentType: stored.contentType, name: stored.name };
    },

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
export type OpsService = ReturnType<typeof createOpsService>;
