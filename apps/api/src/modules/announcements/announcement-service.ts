import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import {
  ANNOUNCEMENTS_SHOWN_MAX,
  announcementEndsLater,
  type StaffAuditAction,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementState,
  type Language,
  type OpsAnnouncement,
  type OpsAnnouncementQuery,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { announcements, type AnnouncementRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fieldsRefused, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';

/** Who acts in the operations console, and from where. */
export interface StaffActor {
  staffId: string | null;
  staffEmail: string;
  ip: string;
}

/**
 * A staff change and its record in the staff trail, committed together (a refusal is recorded as
 * a failure): the operations console's `auditedStaffChange`, handed in by the app.
 */
export type StaffChange = <T>(
  entry: StaffActor & { action: StaffAuditAction; detail?: Record<string, unknown> },
  work: (tx: Db) => Promise<{ result: T; detail?: Record<string, unknown> }>,
) => Promise<T>;

/** Where a window stands at `now`: it holds `starts_at <= now < ends_at`. */
export function announcementState(
  row: Pick<AnnouncementRow, 'startsAt' | 'endsAt'>,
  now: Date,
): AnnouncementState {
  if (now < row.startsAt) return 'scheduled';
  return now < row.endsAt ? 'current' : 'ended';
}

const stateWhere = (state: AnnouncementState, now: Date): SQL =>
  state === 'scheduled'
    ? gt(announcements.startsAt, now)
    : state === 'current'
      ? (and(lte(announcements.startsAt, now), gt(announcements.endsAt, now)) as SQL)
      : lte(announcements.endsAt, now);

/** Newest first: the order of announcements_starts_idx. */
const NEWEST = [desc(announcements.startsAt), desc(announcements.id)];

const opsView = (row: AnnouncementRow, now: Date): OpsAnnouncement => ({
  id: row.id,
  titleC: row.titleC,
  titleE: row.titleE,
  bodyC: row.bodyC,
  bodyE: row.bodyE,
  level: row.level,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  state: announcementState(row, now),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

const columnsOf = (body: AnnouncementBody) => ({
  titleC: body.titleC,
  titleE: body.titleE,
  bodyC: body.bodyC,
  bodyE: body.bodyE,
  level: body.level,
  startsAt: new Date(body.startsAt),
  endsAt: new Date(body.endsAt),
});

/**
 * Announcements (docs/dashboard-api.md): staff write them in the operations console, each change
 * in one transaction with its record in the staff trail; customers read the current ones in their
 * language. "Now" is the app's clock, so tests can move time.
 */
export function createAnnouncementService(deps: { db: Db; clock: Clock; staffChange: StaffChange }) {
  const { db, clock, staffChange } = deps;

  async function list(query: OpsAnnouncementQuery) {
    const now = clock.now();
    const where = query.state ? stateWhere(query.state, now) : undefined;
    const rows = db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(...NEWEST);
    const [records, [total]] = await Promise.all([
      query.limit > 0 ? rows.limit(query.limit).offset(query.page * query.limit) : rows,
      db.select({ n: count() }).from(announcements).where(where),
    ]);
    return {
      records: records.map((r) => opsView(r, now)),
      total: total?.n ?? 0,
      page: query.page,
      limit: query.limit,
    };
  }

  /** The current ones, newest first, in the caller's language. */
  async function current(lang: Language): Promise<Announcement[]> {
    const rows = await db
      .select()
      .from(announcements)
      .where(stateWhere('current', clock.now()))
      .orderBy(...NEWEST)
      .limit(ANNOUNCEMENTS_SHOWN_MAX);
    return rows.map((r) => ({
      id: r.id,
      level: r.level,
      title: lang === 'en' ? r.titleE : r.titleC,
      body: lang === 'en' ? r.bodyE : r.bodyC,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
    }));
  }

  function create(body: AnnouncementBody, actor: StaffActor) {
    return staffChange(
      { ...actor, action: 'announcement.create', detail: { title: body.titleE } },
      async (tx) => {
        const now = clock.now();
        const ended = announcementEndsLater(body.endsAt, now);
        if (ended !== true) throw fieldsRefused('DATE_MUST_GREATER_THAN_TODAY', { endsAt: ended });
        const [row] = await tx
          .insert(announcements)
          .values({
            ...columnsOf(body),
            createdAt: now,
            createdBy: actor.staffEmail,
            updatedAt: now,
            updatedBy: actor.staffEmail,
          })
          .returning();
        return { result: opsView(row!, now), detail: { announcementId: row!.id } };
      },
    );
  }

  function update(id: string, body: AnnouncementBody, actor: StaffActor) {
    return staffChange(
      { ...actor, action: 'announcement.update', detail: { announcementId: id, title: body.titleE } },
      async (tx) => {
        if (!isUuid(id)) throw notFound();
        const now = clock.now();
        const [row] = await tx
          .update(announcements)
          .set({ ...columnsOf(body), updatedAt: now, updatedBy: actor.staffEmail })
          .where(eq(announcements.id, id))
          .returning();
        if (!row) throw notFound();
        return { result: opsView(row, now) };
      },
    );
  }

  function remove(id: string, actor: StaffActor) {
    return staffChange(
      { ...actor, action: 'announcement.delete', detail: { announcementId: id } },
      async (tx) => {
        if (!isUuid(id)) throw notFound();
        const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning({
          title: announcements.titleE,
        });
        if (!row) throw notFound();
        return { result: { ok: true as const }, detail: { title: row.title } };
      },
    );
  }

  return { list, current, create, update, remove };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
