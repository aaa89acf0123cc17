import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared';
import type { Db } from '../db/database.js';
import { emailLinks, type EmailLinkRow } from '../db/schema/index.js';
import type { Jobs } from './jobs/index.js';
import { hashToken } from './sessions.js';

export type LinkKind = EmailLinkRow['kind'];

/** A link secret (192 random bits) and the hash that is all the database keeps. */
export function newLinkToken() {
  const token = randomBytes(24).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The link of a secret from a URL, whatever its state; null for a made-up one. */
export async function findLink(db: Db, kind: LinkKind, token: string): Promise<EmailLinkRow | null> {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(emailLinks)
    .where(and(eq(emailLinks.tokenHash, hashToken(token)), eq(emailLinks.kind, kind)));
  return row ?? null;
}

/** Requests of one kind for one address since `since`, newest first. */
export function recentLinks(db: Db, kind: LinkKind, email: string, since: Date) {
  return db
    .select()
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.kind, kind),
        eq(sql`lower(${emailLinks.email})`, email.toLowerCase()),
        gt(emailLinks.createdAt, since),
      ),
    )
    .orderBy(desc(emailLinks.createdAt));
}

/** Use a link up, once: false when another request used it first. */
export async function consumeLink(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt)))
    .returning({ tokenHash: emailLinks.tokenHash });
  return rows.length === 1;
}

/** A link request waiting for its job: the row to give a token to, and where and how to mail it. */
export interface LinkRequest {
  /** Hash of a token drawn and thrown away: the request row, until the job gives it a real one. */
  requestHash: string;
  email: string;
  lang: Language;
}

/**
 * Record a request for a link to `email` and queue `queue`'s job to decide the rest. The request
 * does the same work whether or not the address has an account or an application, so its answer
 * takes as long either way; whether a mail goes out is found out by the job. The row counts for
 * the once-a-day rules from now on, and opens nothing until the job grants it.
 */
export async function requestLink(
  tx: Db,
  jobs: Jobs,
  queue: string,
  link: { kind: LinkKind; email: string; lang: Language; now: Date; ttlMs: number },
): Promise<void> {
  const { tokenHash } = newLinkToken();
  await tx.insert(emailLinks).values({
    tokenHash,
    kind: link.kind,
    email: link.email,
    createdAt: link.now,
    expiresAt: new Date(link.now.getTime() + link.ttlMs),
  });
  const request: LinkRequest = { requestHash: tokenHash, email: link.email, lang: link.lang };
  await jobs.send(queue, request, { tx });
}

/**
 * In the job: give a requested link its owner and a token to mail. Null when it was granted
 * already (a retried job), so the mail goes once.
 */
export async function grantLink(
  tx: Db,
  requestHash: string,
  owner: { userId: string } | { registrationId: string },
): Promise<string | null> {
  const { token, tokenHash } = newLinkToken();
  const granted = await tx
    .update(emailLinks)
    .set({ tokenHash, ...owner })
    .where(
      and(
        eq(emailLinks.tokenHash, requestHash),
        isNull(emailLinks.userId),
        isNull(emailLinks.registrationId),
      ),
    )
    .returning({ tokenHash: emailLinks.tokenHash });
  return granted.length === 1 ? token : null;
}
