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
  type StaffRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fail, notFound, tryAgainLater, unauthorized } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import { hashToken } from '../../platform/sessions.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { newLinkToken } from '../../platform/email-links.js';
import { approvedMail, deniedMail } from '../../platform/mail/account-mails.js';
import { docsOf } from './service.js';

const STAFF_SESSION_MS = 8 * 60 * 60 * 1000;
/** The set-password link of an approval works for 7 days. */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A password hash that matches nothing: the root user cannot sign in before setting one. */
const NO_PASSWORD = '!unset';

export interface OpsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  store: ObjectStore;
  publicUrl: string;
}

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
  const { db, clock, mailer, passwords, throttle, store, publicUrl } = deps;

  async function application(id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    async login(email: string, password: string, ip: string) {
      const key = `staff:${email.toLowerCase()}`;
      const wait = await throttle.retryAfter(key, ip);
      if (wait > 0) throw tryAgainLater(wait);
      const [row] = await db
        .select()
        .from(staff)
        .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
      const ok = row
        ? await passwords.verify(row.passwordHash, password)
        : await passwords.verifyNobody(password);
      if (!row || !ok) {
        await throttle.failed(key, ip);
        throw fail('LOGIN_ERROR');
      }
      await throttle.succeeded(key);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(staffSessions).values({
        tokenHash: hashToken(token),
        staffId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
      });
      return { token };
    },

    /** The staff member of a bearer token, or 401. Customer tokens are not staff tokens. */
    async authenticate(token: string | undefined): Promise<StaffRow & { tokenHash: string }> {
      if (!token) throw unauthorized();
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ staff })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, clock.now()),
          ),
        );
      if (!row) throw unauthorized();
      return { ...row.staff, tokenHash };
    },

    async logout(tokenHash: string) {
      await db
        .update(staffSessions)
        .set({ revokedAt: clock.now() })
        .where(eq(staffSessions.tokenHash, tokenHash));
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
      if (r.clientId) {
        const [c] = await db
          .select({ n: clients.clientNumber })
          .from(clients)
          .where(eq(clients.id, r.clientId));
        clientNumber = c?.n ?? null;
      }
      return { ...summary(r), info: r.info, docs: docsOf(r), reason: r.reason, clientNumber };
    },

    async doc(id: string, doc: RegistrationDoc) {
      const r = await application(id);
      const stored = r.docs[doc];
      if (!stored) throw notFound();
      const object = await store.get(stored.key);
      if (!object) throw notFound();
      return { ...object, name: stored.name };
    },

    /**
     * Approve: in one transaction the client (with a new 11-digit number) and its root user are
     * created and the application completed; then the set-password link is mailed. The root user
     * starts with two-factor on (docs/decisions/0006).
     */
    async approve(id: string, staffId: string) {
      const now = clock.now();
      const { token, tokenHash } = newLinkToken();
      const result = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
        if (!r) throw notFound();
        if (r.state !== RegisterState.REGISTER_UNDER_REVIEW) throw fail('STATUS_IS_ERROR');
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, r.email.toLowerCase())));
        if (taken) throw fail('EMAIL_EXISTS');
        const info = r.info;
        const text = (k: string) => (typeof info[k] === 'string' ? (info[k] as string) : '');
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
            reviewedBy: staffId,
            reviewedAt: now,
            updatedAt: now,
          })
          .where(eq(registrations.id, id));
        await tx.insert(emailLinks).values({
          tokenHash,
          kind: 'setPassword',
          email: r.email,
          userId: root!.id,
          registrationId: r.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS),
        });
        return { email: r.email, lang: r.lang as Language, clientNumber: client.clientNumber };
      });
      await mailer.send({
        to: result.email,
        lang: result.lang,
        ...approvedMail(result.lang, `${publicUrl}/#/setPassword/${token}`, result.clientNumber),
      });
      return { clientNumber: result.clientNumber };
    },

    async deny(id: string, staffId: string, reason: string) {
      const now = clock.now();
      const [r] = await db
        .update(registrations)
        .set({
          state: RegisterState.REGISTER_DENIED,
          reason,
          reviewedBy: staffId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(registrations.id, (await application(id)).id),
            eq(registrations.state, RegisterState.REGISTER_UNDER_REVIEW),
          ),
        )
        .returning();
      if (!r) throw fail('STATUS_IS_ERROR');
      const lang = r.lang as Language;
      await mailer.send({ to: r.email, lang, ...deniedMail(lang, reason) });
      return { ok: true as const };
    },
  };
}
export type OpsService = ReturnType<typeof createOpsService>;
