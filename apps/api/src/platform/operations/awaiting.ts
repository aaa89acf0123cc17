import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import type { OperationRow } from '../../db/schema/index.js';

/** A resource table whose rows wait for a cloud operation (`pending_operation`). */
export type PendingTable = PgTable & { id: PgColumn; clientId: PgColumn; pendingOperation: PgColumn };

/**
 * The operation's row, still waiting for this verb: an answer settles only the change it belongs
 * to, so a late answer (a start overtaken by a force stop, a create by a delete) changes nothing.
 */
export function awaitingOperation(table: PendingTable, op: OperationRow, verb: string): SQL {
  return and(
    eq(table.id, op.resourceId),
    eq(table.clientId, op.clientId),
    eq(table.pendingOperation, verb),
  ) as SQL;
}

/**
 * Ends the wait in the operation's closing transaction: the row takes `values` and no longer
 * waits; the rows settled, as they are now (none when the row waits for another change or is gone).
 */
export function settleOperation<T extends PendingTable>(
  tx: Db,
  table: T,
  op: OperationRow,
  verb: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'][]> {
  return tx
    .update(table as PendingTable)
    .set({ pendingOperation: null, ...values } as never)
    .where(awaitingOperation(table, op, verb))
    .returning() as Promise<T['$inferSelect'][]>;
}
