import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { emailLinks, type EmailLinkRow } from '../db/schema/index.js';
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
