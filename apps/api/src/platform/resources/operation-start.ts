import type { ResourceKind } from '@portal/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import type { PendingTable } from '../operations/awaiting.js';
import type { NewOperation } from '../operations/operations.js';

/**
 * What starting a resource's operation needs of the one who starts it: a request's
 * `ResourceContext`, or a system actor working for a tenant in its own transaction (the snapshot
 * scheduler, a rule's retention).
 */
export interface OperationContext {
  db: Db;
  clientId: string;
  own(table: TenantTable, where?: SQL): SQL;
  startOperation(input: Omit<NewOperation, 'clientId' | 'userId'>): Promise<unknown>;
}

/** A resource's table, its type (the tags' and the operations' `resource_type`) and its kinds by verb. */
export interface OperationsOf<T extends PendingTable, Verb extends string> {
  table: T;
  /** A declared resource's type (the shared contract's): a misspelt one fails the type check. */
  type: ResourceKind;
  /** The operation kind of each verb (`resize` → `disk.resize`); the row's `pending_operation` is the verb. */
  kinds: Record<Verb, string>;
}

/**
 * Starting a resource's cloud operations, bound to its table and type (docs/resource-kit.md, "A
 * change the cloud must make"), so a handler names only the row, the verb and what changes.
 */
export function operationStart<T extends PendingTable, Verb extends string>({
  table,
  type,
  kinds,
}: OperationsOf<T, Verb>) {
  const hasReason = (table as unknown as { statusReason?: PgColumn }).statusReason !== undefined;

  /** Records the operation of `verb` on the row; it runs once the transaction has committed. */
  const start = (
    ctx: Pick<OperationContext, 'startOperation'>,
    id: string,
    verb: Verb,
    input: Record<string, unknown> = {},
  ) => ctx.startOperation({ resourceType: type, resourceId: id, kind: kinds[verb], input });

  return {
    type,
    kinds,
    start,

    /**
     * The row (locked by the caller, its rule checked) waits for `verb`: `set` (its transitional
     * status, and whatever the change holds from now on), `pendingOperation`, the last reason
     * cleared; then the operation is recorded.
     */
    async begin(
      ctx: Pick<OperationContext, 'db' | 'own' | 'startOperation'>,
      id: string,
      verb: Verb,
      set: PgUpdateSetSource<T>,
      input: Record<string, unknown> = {},
    ): Promise<void> {
      await ctx.db
        .update(table)
        .set({ ...(hasReason ? { statusReason: null } : {}), ...set, pendingOperation: verb } as never)
        .where(ctx.own(table as unknown as TenantTable, eq(table.id, id)));
      await start(ctx, id, verb, input);
    },
  };
}
