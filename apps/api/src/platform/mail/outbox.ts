import type { FastifyBaseLogger } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outbox, type OutboxRow } from '../../db/schema/index.js';
import type { Mailer } from './mailer.js';

/**
 * With no SMTP server, mail is kept in the outbox table and written to the server log, so a new
 * user can finish a two-factor sign-in on a laptop with no mail set up.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values(mail);
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox');
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
