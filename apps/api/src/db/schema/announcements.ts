import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnnouncementLevel } from '@portal/shared';
import { id } from './columns.js';

const tz = { withTimezone: true } as const;

/**
 * Announcements the provider's staff write for every customer (not per tenant), in both
 * languages, shown while `starts_at <= now < ends_at`. Staff are kept by email as they were (the
 * staff audit trail does the same): the row outlives a staff account.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    titleC: text('title_c').notNull(),
    titleE: text('title_e').notNull(),
    bodyC: text('body_c').notNull(),
    bodyE: text('body_e').notNull(),
    level: text('level').$type<AnnouncementLevel>().notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    createdAt: timestamp('created_at', tz)
      .notNull()
      .default(sql`now()`),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', tz)
      .notNull()
      .default(sql`now()`),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    // Both lists read newest first: staff page through all, customers take those begun (starts_at
    // <= now) from the top and keep the ones not ended.
    index('announcements_starts_idx').on(t.startsAt.desc(), t.id.desc()),
    check('announcements_window', sql`${t.startsAt} <= ${t.endsAt}`),
    check('announcements_level', sql`${t.level} in ('info', 'maintenance', 'warning')`),
  ],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
