import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ONE_REQUEST_PER_MS,
  REGISTER_RESEND_SECONDS,
  RegisterState,
  type EmailCaptchaBody,
  type Language,
  type RegistrationDoc,
  type RegistrationDraft,
  type RegistrationFormState,
  type RegistrationInfo,
  type RegistrationQueryResult,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import {
  emailLinks,
  registrations,
  users,
  type RegistrationRow,
  type StoredDoc,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fail, tryAgainLater } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Captchas } from '../../platform/captcha.js';
import { sniffDocType } from '../../platform/file-type.js';
import { claimIdentityNumber } from './identity-number.js';
import {
  findLink,
  grantLink,
  newLinkToken,
  recentLinks,
  requestLink,
  type LinkRequest,
} from '../../platform/email-links.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { registerLinkMail, registerQueryMail } from '../../platform/mail/account-mails.js';

/** A verification link works for 24 hours. */
export const REGISTER_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A second verification mail within this time is EMAIL_REPEAT: the first is still on its way. */
export const REGISTER_REPEAT_MS = REGISTER_RESEND_SECONDS * 1000;
/** At most this many verification mails to one address in 24 hours (then 429 TRY_AGAIN_LATER). */
export const REGISTER_MAILS_PER_DAY = 5;
export const QUERY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Jobs that look up the address of a progress query and mail the link when it has an application. */
export const QUERY_LINK_QUEUE = 'registration.queryLink';

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  jobs: Jobs;
  captchas: Captchas;
  store: ObjectStore;
  /** Where the web app is reached, for the links in mail. */
  publicUrl: string;
}

export const docsOf = (row: RegistrationRow) =>
  Object.fromEntries(
    Object.entries(row.docs).map(([k, d]) => [k, { name: d.name, size: d.size, contentType: d.contentType }]),
  );

/** The newest registration of an address. */
export async function latestRegistration(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(sql`lower(${registrations.email})`, email.toLowerCase()))
    .orderBy(desc(registrations.createdAt))
    .limit(1);
  return row;
}

export function createRegistrationService(deps: RegistrationDeps) {
  const { db, clock, mail, jobs, captchas, store, publicUrl } = deps;
  const link = (path: string, token: string) => `${publicUrl}/#/${path}/${token}`;

  /**
   * The registration a verification link opens: REGISTER_VERIFY_ERROR for a link we never sent
   * (mistyped, cut short), LINK_EXPIRED when old or decided.
   */
  async function openForm(token: string): Promise<RegistrationRow> {
    const row = await findLink(db, 'register', token);
    if (!row?.registrationId) throw fail('REGISTER_VERIFY_ERROR');
    const [reg] = await db.select().from(registrations).where(eq(registrations.id, row.registrationId));
    if (!reg) throw fail('LINK_EXPIRED');
    if (reg.state === RegisterState.REGISTER_DENIED || reg.state === RegisterState.REGISTER_COMPLETE)
      throw fail('LINK_EXPIRED');
    // Once submitted the link keeps showing the application, so a second submit can be told.
    if (reg.state === RegisterState.REGISTER_NOT_COMPLETED && row.expiresAt <= clock.now())
      throw fail('LINK_EXPIRED');
    return reg;
  }

  async function editable(token: string): Promise<RegistrationRow> {
    const reg = await openForm(token);
    if (reg.state !== RegisterState.REGISTER_NOT_COMPLETED) throw fail('REGISTER_APPLIED');
    return reg;
  }

  /**
   * Puts a document in its slot (or empties it) and answers the document it replaced, whose object
   * the caller deletes. The row is locked while the slot is read and written, so uploads and
   * removals of one registration take turns: each replaces what the one before it stored, and the
   * store keeps one object per slot whatever the timing (reading the slot before the lock, two
   * uploads at once each replaced the same older object and left one another's behind).
   */
  async function changeSlot(
    registrationId: string,
    doc: RegistrationDoc,
    stored: StoredDoc | null,
  ): Promise<StoredDoc | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ docs: registrations.docs })
        .from(registrations)
        .where(
          and(
            eq(registrations.id, registrationId),
            eq(registrations.state, RegisterState.REGISTER_NOT_COMPLETED),
          ),
        )
        .for('update');
      if (!row) throw fail('REGISTER_APPLIED');
      await tx
        .update(registrations)
        .set({
          docs: stored
            ? sql`${registrations.docs} || ${JSON.stringify({ [doc]: stored })}::jsonb`
            : sql`${registrations.docs} - ${doc}::text`,
          updatedAt: clock.now(),
        })
        .where(eq(registrations.id, registrationId));
      return row.docs[doc];
    });
  }

  const formState = (reg: RegistrationRow): RegistrationFormState => ({
    email: reg.email,
    state: reg.state,
    submitted: reg.state !== RegisterState.REGISTER_NOT_COMPLETED,
    draft: reg.info,
    docs: docsOf(reg),
  });

  async function mailQueryLink(request: LinkRequest) {
    const reg = await latestRegistration(db, request.email);
    if (!reg) return;
    await db.transaction(async (tx) => {
      const token = await grantLink(tx, request.requestHash, { registrationId: reg.id });
      if (!token) return;
      const { lang } = request;
      await mail.send(
        { to: request.email, lang, ...registerQueryMail(lang, link('registerQueryResult', token)) },
        { tx },
      );
    });
  }

  return {
    async register(body: EmailCaptchaBody, lang: Language) {
      await captchas.check(body.captchaId, body.captcha);
      const email = body.email.trim();
      const now = clock.now();
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, email.toLowerCase())));
      const current = await latestRegistration(db, email);
      if (
        user ||
        current?.state === RegisterState.REGISTER_UNDER_REVIEW ||
        current?.state === RegisterState.REGISTER_COMPLETE
      )
        throw fail('EMAIL_REGISTERED');
      const recent = await recentLinks(db, 'register', email, new Date(now.getTime() - ONE_REQUEST_PER_MS));
      if (recent.length >= REGISTER_MAILS_PER_DAY) {
        const oldest = recent[recent.length - 1]!;
        throw tryAgainLater(oldest.createdAt.getTime() + ONE_REQUEST_PER_MS - now.getTime());
      }
      if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < REGISTER_REPEAT_MS)
        throw fail('EMAIL_REPEAT');

      const { token, tokenHash } = newLinkToken();
      await db.transaction(async (tx) => {
        let regId = current?.state === RegisterState.REGISTER_NOT_COMPLETED ? current.id : undefined;
        if (!regId) {
          const [created] = await tx
            .insert(registrations)
            .values({
              email,
              state: RegisterState.REGISTER_NOT_COMPLETED,
              lang,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: registrations.id });
          regId = created!.id;
        } else {
          await tx.update(registrations).set({ lang, updatedAt: now }).where(eq(registrations.id, regId));
        }
        await tx.insert(emailLinks).values({
          tokenHash,
          kind: 'register',
          email,
          registrationId: regId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + REGISTER_LINK_TTL_MS),
        });
        await mail.send(
          { to: email, lang, ...registerLinkMail(lang, link('registerInfoInput', token)) },
          { tx },
        );
      });
      return { email };
    },

    async form(token: string): Promise<RegistrationFormState> {
      return formState(await openForm(token));
    },

    async saveDraft(token: string, draft: RegistrationDraft): Promise<RegistrationFormState> {
      const reg = await editable(token);
      const [row] = await db
        .update(registrations)
        .set({ info: draft as Record<string, string | number>, updatedAt: clock.now() })
        .where(
          and(eq(registrations.id, reg.id), eq(registrations.state, RegisterState.REGISTER_NOT_COMPLETED)),
        )
        .returning();
      if (!row) throw fail('REGISTER_APPLIED');
      return formState(row);
    },

    async submit(token: string, info: RegistrationInfo): Promise<RegistrationFormState> {
      const reg = await editable(token);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await claimIdentityNumber(tx, info.identity_number, reg.id);
        // The state in the WHERE makes a double submit fail instead of applying twice.
        const [submitted] = await tx
          .update(registrations)
          .set({ info, state: RegisterState.REGISTER_UNDER_REVIEW, submittedAt: now, updatedAt: now })
          .where(
            and(eq(registrations.id, reg.id), eq(registrations.state, RegisterState.REGISTER_NOT_COMPLETED)),
          )
          .returning();
        if (!submitted) throw fail('REGISTER_APPLIED');
        return submitted;
      });
      return formState(row);
    },

    async upload(token: string, doc: RegistrationDoc, file: { name: string; bytes: Buffer }) {
      const reg = await editable(token);
      const contentType = sniffDocType(file.bytes);
      if (!contentType) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      // A key of its own: the object is stored before the row names it, and a concurrent upload
      // to the slot must not overwrite the bytes another row entry describes.
      const key = `registrations/${reg.id}/${doc}-${randomBytes(8).toString('hex')}`;
      await store.put(key, file.bytes, contentType);
      const stored = { key, name: file.name.slice(0, 200), size: file.bytes.length, contentType };
      const replaced = await changeSlot(reg.id, doc, stored).catch(async (error: unknown) => {
        await store.delete(key).catch(() => undefined);
        throw error;
      });
      if (replaced) await store.delete(replaced.key).catch(() => undefined);
      return { name: stored.name, size: stored.size, contentType };
    },

    async deleteDoc(token: string, doc: RegistrationDoc) {
      const reg = await editable(token);
      const removed = await changeSlot(reg.id, doc, null);
      if (removed) await store.delete(removed.key).catch(() => undefined);
      return { ok: true as const };
    },

    /**
     * Mail a progress link; once per 24 hours per address, whether or not it registered. The
     * answer comes after the same work either way: the progress-link job looks the address up.
     */
    async query(body: EmailCaptchaBody, lang: Language) {
      await captchas.check(body.captchaId, body.captcha);
      const email = body.email.trim();
      const now = clock.now();
      const recent = await recentLinks(
        db,
        'registerQuery',
        email,
        new Date(now.getTime() - ONE_REQUEST_PER_MS),
      );
      if (recent.length > 0) throw fail('PROCESS_APPLY_REPEAT');
      await db.transaction((tx) =>
        requestLink(tx, jobs, QUERY_LINK_QUEUE, {
          kind: 'registerQuery',
          email,
          lang,
          now,
          ttlMs: QUERY_LINK_TTL_MS,
        }),
      );
      return { email };
    },

    /** The progress-link job on this instance: an address with an application gets the link by mail. */
    async attach() {
      await jobs.work<LinkRequest>(QUERY_LINK_QUEUE, mailQueryLink);
    },

    async queryResult(token: string): Promise<RegistrationQueryResult> {
      const row = await findLink(db, 'registerQuery', token);
      if (!row?.registrationId || row.expiresAt <= clock.now()) throw fail('PROCESS_APPLY_EXPIRED');
      const [reg] = await db.select().from(registrations).where(eq(registrations.id, row.registrationId));
      if (!reg) throw fail('PROCESS_APPLY_EXPIRED');
      return {
        email: reg.email,
        state: reg.state,
        reason: reg.state === RegisterState.REGISTER_DENIED ? (reg.reason ?? '') : undefined,
        updatedAt: reg.updatedAt.toISOString(),
      };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
