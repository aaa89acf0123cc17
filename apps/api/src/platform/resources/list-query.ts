import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../db/database.js';
import { resourceCounts } from '../../db/schema/index.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import { isUuid } from '../ids.js';
import type { ResourceContext } from './context.js';

/**
 * ORDER BY of a list page: the chosen column (each has an index led by the client id and ended by
 * the id), then the id, so pages never overlap or skip when values tie.
 */
export function orderOf<S extends string>(
  columns: Record<S, PgColumn | SQL>,
  id: PgColumn,
  query: { sort?: S; orderby?: 'asc' | 'desc' },
  fallback: { sort: S; orderby: 'asc' | 'desc' },
): SQL[] {
  const sort = query.sort ?? fallback.sort;
  const direction = query.orderby ?? (query.sort ? 'asc' : fallback.orderby);
  const by = direction === 'desc' ? desc : asc;
  return [by(columns[sort]), by(id)];
}

/** Text for LIKE with its wildcards (and the escape character) taken literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Part of any of these text columns, case-insensitive; undefined when there is nothing to find. */
export function searchOf(search: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((c) => ilike(c as PgColumn, pattern)));
}

/** `limit` 0 is every row (spec: the "no paging" choice). */
export const pageOf = (query: { page: number; limit: number }) =>
  query.limit > 0
    ? { limit: query.limit, offset: query.page * query.limit }
    : { limit: undefined, offset: 0 };

/**
 * A time column read as the text `Date.toISOString` makes of it (UTC, milliseconds): rows are then
 * sent as read, without a Date made and printed per row.
 */
export const isoText = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows whose uuid column holds this id (a filter such as `vmUuid`): compared as a uuid, so the
 * column's index serves it; text that is no UUID matches nothing.
 */
export const idIs = (column: PgColumn, id: string): SQL =>
  isUuid(id) ? eq(column, id.toLowerCase()) : sql`false`;

/** A uuid column compared as text, so a search for part of an id works. */
export const asText = (column: PgColumn) => sql`${column}::text`;

/**
 * The fields of a list row, each named as it is sent (`expr AS "privateIP"`) and read as it is
 * sent (uuids and times as text, see isoText): the rows `readRows` gives are then the records, with
 * nothing mapped per field. Drizzle's own mapping of 10,000 rows of 30 fields was 40 ms of the
 * 200 ms the VMs' "all" page took.
 */
export function sentAs(fields: Record<string, PgColumn | SQL | SQL.Aliased>): Record<string, SQL.Aliased> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, sql`${field}`.as(name)]));
}

/** The rows of a query of `sentAs` fields as the driver read them (on PGlite or PostgreSQL). */
export async function readRows<R>(ctx: ResourceContext, query: SQLWrapper): Promise<R[]> {
  return rowsOf<R>(await ctx.db.execute(query));
}

/** Tables whose row counts per client are kept by triggers (migration 0010). */
const COUNTED = new Set(['vms', 'disks', 'vnis']);

/**
 * One page of a list and the count of all its rows, read side by side: `select` is the list's
 * query of `sentAs` fields made dynamic (`db.select(...).from(...).$dynamic()`), its rows read as
 * sent (`R`, the record; a price is filled in afterwards, prices.ts), `table` the table it lists, and
 * `filters` the list's conditions besides the tenant's. Without filters the total of a counted
 * table is one row of `resource_counts`, so a page costs the same with 10 rows or 10,000.
 */
export async function pageWithTotal<R>(
  ctx: ResourceContext,
  select: PgSelect,
  table: TenantTable,
  filters: (SQL | undefined)[],
  order: SQL[],
  query: { page: number; limit: number },
): Promise<{ rows: R[]; total: number }> {
  const where = ctx.own(table, and(...filters));
  const page = pageOf(query);
  const ordered = select.where(where).orderBy(...order);
  const name = getTableName(table);
  const total =
    filters.some(Boolean) || !COUNTED.has(name)
      ? ctx.db.select({ n: count() }).from(table).where(where)
      : ctx.db
          .select({ n: resourceCounts.n })
          .from(resourceCounts)
          .where(and(eq(resourceCounts.clientId, ctx.clientId), eq(resourceCounts.resType, name)));
  const [rows, [counted]] = await Promise.all([
    readRows<R>(ctx, page.limit === undefined ? ordered : ordered.limit(page.limit).offset(page.offset)),
    total,
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Which of these ids (or of what else names a row: `key`) are rows of the caller's in `table` (the tag routes ask). */
export async function ownedIds(
  ctx: ResourceContext,
  table: TenantTable & { id: PgColumn },
  ids: string[],
  key: PgColumn = table.id,
) {
  const rows = (await ctx.db
    .select({ id: key })
    .from(table as PgTable)
    .where(ctx.own(table, inArray(key, ids)))) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}
