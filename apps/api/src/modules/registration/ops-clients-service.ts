import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { OpsClient, OpsClientQuery } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, type ClientRow } from '../../db/schema/index.js';
import { tenantScope } from '../../db/tenant-scope.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { escapeLike } from '../../platform/resources/list-query.js';
import type { SessionStore } from '../../platform/sessions.js';
import { auditedStaffChange, type StaffActor } from '../../platform/staff-audit-record.js';

const view = (row: ClientRow): OpsClient => ({
  id: row.id,
  clientNumber: row.clientNumber,
  companyName: row.companyName,
  createdAt: row.createdAt.toISOString(),
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  suspendedReason: row.suspendedReason,
});

/**
 * The customers in the operations console: staff suspend one's service (spec section 9, payment
 * late) and lift it. While suspended, none of its users can sign in (`ACCOUNT_DISABLE`, told only
 * after the right password) and its sessions are over; nothing of its resources is touched. Each
 * change is in the staff trail.
 */
export function createOpsClientsService(deps: { db: Db; clock: Clock; sessions: SessionStore }) {
  const { db, clock, sessions } = deps;

  /** The client, locked for the rest of the transaction: of two changes at once, one waits. */
  async function locked(tx: Db, id: string) {
    if (!isUuid(id)) throw notFound('CLIENT_NOT_FOUND');
    const [row] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
    if (!row) throw notFound('CLIENT_NOT_FOUND');
    return row;
  }

  async function set(tx: Db, id: string, values: Pick<ClientRow, 'suspendedAt' | 'suspendedReason'>) {
    const [row] = await tx.update(clients).set(values).where(eq(clients.id, id)).returning();
    return view(row!);
  }

  return {
    /** Newest customers first, a page at a time; `search` is part of the number or company name. */
    async list(query: OpsClientQuery) {
      const like = query.search ? `%${escapeLike(query.search)}%` : undefined;
      const where = like
        ? or(ilike(clients.clientNumber, like), ilike(clients.companyName, like))
        : undefined;
      const rows = db.select().from(clients).where(where).orderBy(desc(clients.createdAt), desc(clients.id));
      const [records, [total]] = await Promise.all([
        query.limit > 0 ? rows.limit(query.limit).offset(query.page * query.limit) : rows,
        db.select({ n: count() }).from(clients).where(where),
      ]);
      return { records: records.map(view), total: total?.n ?? 0, page: query.page, limit: query.limit };
    },

    /**
     * Suspend, and end every session of the customer's users in the same transaction. Suspending
     * a suspended customer keeps the time it began and takes the new reason.
     */
    suspend(id: string, reason: string, actor: StaffActor) {
      return auditedStaffChange(
        { db, clock },
        { ...actor, action: 'client.suspend', detail: { clientId: id, reason } },
        async (tx) => {
          const row = await locked(tx, id);
          const client = await set(tx, row.id, {
            suspendedAt: row.suspendedAt ?? clock.now(),
            suspendedReason: reason,
          });
          await sessions.revokeClient(tenantScope(tx, row.id));
          return { result: client, detail: { clientNumber: row.clientNumber } };
        },
      );
    },

    /** Lift the suspension: its users may sign in again. A customer in service stays so. */
    resume(id: string, actor: StaffActor) {
      return auditedStaffChange(
        { db, clock },
        { ...actor, action: 'client.resume', detail: { clientId: id } },
        async (tx) => {
          const row = await locked(tx, id);
          const client = await set(tx, row.id, { suspendedAt: null, suspendedReason: null });
          return { result: client, detail: { clientNumber: row.clientNumber } };
        },
      );
    },
  };
}
export type OpsClientsService = ReturnType<typeof createOpsClientsService>;
