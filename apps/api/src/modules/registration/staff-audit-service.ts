import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { StaffAuditQuery, StaffAuditRecord } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { staffAuditEvents, type StaffAuditRow } from '../../db/schema/index.js';

const toRecord = (row: StaffAuditRow): StaffAuditRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  staffId: row.staffId,
  staffEmail: row.staffEmail,
  action: row.action,
  applicationId: row.applicationId,
  outcome: row.outcome,
  ip: row.ip,
  detail: row.detail,
});

const COLUMNS = {
  at: staffAuditEvents.at,
  action: staffAuditEvents.action,
  staffEmail: staffAuditEvents.staffEmail,
  outcome: staffAuditEvents.outcome,
} as const;

/** The staff trail, a page at a time, filtered by action and time and sorted on the server. */
export function createStaffAuditService(db: Db) {
  return {
    async list(query: StaffAuditQuery) {
      const where = and(
        query.action ? eq(staffAuditEvents.action, query.action) : undefined,
        query.from ? gte(staffAuditEvents.at, new Date(query.from)) : undefined,
        query.to ? lte(staffAuditEvents.at, new Date(query.to)) : undefined,
      );
      const direction = query.orderby === 'asc' ? asc : desc;
      // Newest first by default; other columns break ties newest first, and the id makes the
      // order total (so that pages neither repeat nor skip a record).
      const byTime = query.sort === 'at' || !query.sort ? direction : desc;
      const orderBy = [
        ...(query.sort && query.sort !== 'at' ? [direction(COLUMNS[query.sort])] : []),
        byTime(staffAuditEvents.at),
        byTime(staffAuditEvents.id),
      ];
      const select = db
        .select()
        .from(staffAuditEvents)
        .where(where)
        .orderBy(...orderBy);
      const rows =
        query.limit > 0 ? await select.limit(query.limit).offset(query.page * query.limit) : await select;
      const [counted] = await db.select({ n: count() }).from(staffAuditEvents).where(where);
      return {
        records: rows.map(toRecord),
        total: counted?.n ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}
export type StaffAuditService = ReturnType<typeof createStaffAuditService>;
