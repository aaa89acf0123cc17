import { eq, getTableName, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '@portal/shared';
import type { TenantTable } from '../../db/tenant-scope.js';
import { notFound } from '../errors.js';
import type { ResourceContext } from './context.js';
import { orderOf, ownedIds, pageWithTotal, readRows } from './list-query.js';
import { ownRowForUpdate } from './own-row.js';

/** What a resource's rows are read from: its table, its list's query and order, and its 404. */
export interface RepositoryDeclaration<T extends TenantTable & { id: PgColumn }, Dto> {
  table: T;
  /** The list's query of `sentAs` fields with its joins, before any condition: one row is read through it too. */
  select(ctx: ResourceContext): { where(condition: SQL): SQLWrapper; $dynamic(): PgSelect };
  /** The columns a list may be sorted by (the API's `sort`), each with its index (list-query's orderOf). */
  sorts: Record<string, PgColumn | SQL>;
  /** The order of a list that asks for none: newest first (the sort on `created_at`) unless said otherwise. */
  defaultOrder?: { sort: string; orderby: 'asc' | 'desc' };
  /** The code of the 404 for a row that is not the caller's (DISK_NOT_FOUND); NOT_FOUND without it. */
  notFound?: ErrorCode;
  /** What SQL cannot make, filled into the rows read (a price, prices.ts). */
  complete?(ctx: ResourceContext, rows: Dto[]): Promise<Dto[]>;
}

/**
 * The state a row the cloud changes is sent with, read from its columns of the same names
 * (db/schema/columns.ts operationColumns): its status, the cloud's last reason, the change under way.
 */
export const operationFields = (table: {
  status: PgColumn;
  statusReason: PgColumn;
  pendingOperation: PgColumn;
}) => ({
  status: table.status,
  statusReason: table.statusReason,
  pendingOperation: table.pendingOperation,
});

/** The order most lists open in: by the sort whose column is the row's creation time, newest first. */
function newestFirst(table: TenantTable, sorts: Record<string, PgColumn | SQL>) {
  const created = (table as unknown as { createdAt?: PgColumn }).createdAt;
  const sort = Object.keys(sorts).find((key) => created !== undefined && sorts[key] === created);
  if (!sort)
    throw new Error(`${getTableName(table)}: no sort on created_at, so its list must declare defaultOrder`);
  return { sort, orderby: 'desc' as const };
}

/**
 * The reads every resource's handlers start from (`Dto` the entity, `T` its table): a page of its
 * list, its row locked for a change, one row as the list sends it, and which ids are the caller's
 * (the tag routes ask).
 */
export function resourceRepository<Dto, T extends TenantTable & { id: PgColumn }>(
  declaration: RepositoryDeclaration<T, Dto>,
) {
  const { table, select, complete } = declaration;
  const defaultOrder = declaration.defaultOrder ?? newestFirst(table, declaration.sorts);
  const completed = async (ctx: ResourceContext, rows: Dto[]) => (complete ? complete(ctx, rows) : rows);
  return {
    table,
    notFound: declaration.notFound,
    /**
     * A page of the caller's rows that pass `filters` (the list's conditions besides the tenant's),
     * in the order the query asks for, and the count of them all (list-query's pageWithTotal).
     */
    async page(
      ctx: ResourceContext,
      query: { sort?: string; orderby?: 'asc' | 'desc'; page: number; limit: number },
      filters: (SQL | undefined)[],
    ): Promise<{ records: Dto[]; total: number }> {
      const order = orderOf(declaration.sorts, table.id, query, defaultOrder);
      const { rows, total } = await pageWithTotal<Dto>(
        ctx,
        select(ctx).$dynamic(),
        table,
        filters,
        order,
        query,
      );
      return { records: await completed(ctx, rows), total };
    },

    /** The caller's row, locked for a change in this transaction (`FOR UPDATE`); 404 when it is not theirs. */
    forUpdate: (ctx: ResourceContext, id: string) => ownRowForUpdate(ctx, table, id),

    /** One of the caller's, as the list sends it; 404 with the resource's code when it is not theirs. */
    async one(ctx: ResourceContext, id: string): Promise<Dto> {
      const rows = await readRows<Dto>(ctx, select(ctx).where(ctx.own(table, eq(table.id, id))));
      const [row] = await completed(ctx, rows);
      if (!row) throw notFound(declaration.notFound);
      return row;
    },

    /** Which of these ids are the caller's rows. */
    owned: (ctx: ResourceContext, ids: string[]) => ownedIds(ctx, table, ids),
  };
}
