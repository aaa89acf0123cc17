import type { FastifyBaseLogger } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outbox, type OutboxRow } from '../../db/schema/index.js';
import type { Mailer } from './mailer.js';

/**
 * With no SMTP server, mail is kept in the outbox table, so a new user can finish a two-factor
 * sign-in on a laptop with no mail set up. There the log shows each mail's text too; with
 * `showText` off (production, where MAIL_OUTBOX=1 keeps the outbox) it names the mail only, for
 * the text holds live sign-in codes and links.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, options: { showText: boolean }): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values(mail);
      const { to, subject, text } = mail;
      log.info(options.showText ? { to, subject, text } : { to, subject }, 'mail kept in outbox');
    },
  };
}

/** The newest mail first, optionally only to one address (case-insensitive). */
export async function listOutbox(db: Db, to?: string, limit = 100): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(sql`lower(${outbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
