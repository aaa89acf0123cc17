import { and, eq, inArray } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { resourceTags, type OperationRow } from '../../db/schema/index.js';
import { awaitingOperation, settleOperation, type PendingTable } from '../operations/awaiting.js';
import type { OperationHandler } from '../operations/operations.js';
import { operationStart, type OperationContext, type OperationsOf } from './operation-start.js';

/** The tags of these rows of a tenant, which go when the rows go. */
export const removeTags = (tx: Db, clientId: string, ids: string[]) =>
  tx.delete(resourceTags).where(and(eq(resourceTags.clientId, clientId), inArray(resourceTags.resId, ids)));

/**
 * A resource's rows through their cloud operations, bound to its table, type and kinds (one per
 * resource, beside its kinds): made waiting for their first operation, started (`begin`), settled
 * in the operation's closing transaction, and removed with their tags. Every write that ends an
 * operation is guarded by `pending_operation` (awaiting.ts): a late answer changes nothing.
 */
export function resourceLifecycle<T extends PendingTable, Verb extends string>(spec: OperationsOf<T, Verb>) {
  const { table } = spec;
  const started = operationStart(spec);
  const awaiting = (op: OperationRow, verb: Verb) => awaitingOperation(table, op, verb);

  return {
    ...started,
    awaiting,

    /**
     * A new row of the caller's, waiting for `verb` (its creation), and the operation that makes
     * it in the cloud, given what the row holds; the row as inserted.
     */
    async create(
      ctx: Pick<OperationContext, 'db' | 'clientId' | 'startOperation'>,
      verb: Verb,
      values: Omit<T['$inferInsert'], 'clientId' | 'pendingOperation'>,
      input: (row: T['$inferSelect']) => Record<string, unknown> = () => ({}),
    ): Promise<T['$inferSelect']> {
      const [row] = (await ctx.db
        .insert(table)
        .values({ ...values, clientId: ctx.clientId, pendingOperation: verb } as never)
        .returning()) as T['$inferSelect'][];
      await started.start(ctx, row!.id as string, verb, input(row!));
      return row!;
    },

    /** The row still waiting for `verb` takes `values` and waits no more; the rows settled (none for a late answer). */
    settle: (tx: Db, op: OperationRow, verb: Verb, values: PgUpdateSetSource<T>) =>
      settleOperation(tx, table, op, verb, values),

    /** The row still waiting for `verb` goes, and its tags with it; false when it waits for another change or is gone. */
    remove,

    /**
     * The operation of a plain removal: the cloud deletes it (`submit`), then the row goes with its
     * tags; when the cloud refuses, the row takes `failedValues` and the cloud's reason.
     */
    removal: (
      verb: Verb,
      submit: OperationHandler['submit'],
      failedValues: PgUpdateSetSource<T> = {},
    ): OperationHandler => ({
      submit,
      succeeded: async (tx, op) => void (await remove(tx, op, verb)),
      failed: async (tx, op, error) =>
        void (await settleOperation(tx, table, op, verb, {
          ...failedValues,
          statusReason: error,
        } as PgUpdateSetSource<T>)),
    }),
  };

  async function remove(tx: Db, op: OperationRow, verb: Verb): Promise<boolean> {
    const gone = await tx.delete(table).where(awaiting(op, verb)).returning({ id: table.id });
    if (gone.length === 0) return false;
    await removeTags(tx, op.clientId, [op.resourceId]);
    return true;
  }
}
