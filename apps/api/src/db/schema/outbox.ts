import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Mail kept instead of sent when no SMTP server is configured (development and tests). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    lang: text('lang').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_id_idx').on(sql`lower(${t.to})`, t.id)],
);

export type OutboxRow = typeof outbox.$inferSelect;
