import { asc, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Part of any of these text columns, case-insensitive; undefined when there is nothing to find. */
export function searchOf(search: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((c) => ilike(c as PgColumn, pattern)));
}

/** `limit` 0 is every row (spec: the "no paging" choice). */
export const pageOf = (query: { page: number; limit: number }) =>
  query.limit > 0 ? { limit: query.limit, offset: query.page * query.limit } : {};

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A uuid column compared as text, so a search for part of an id works. */
export const asText = (column: PgColumn) => sql`${column}::text`;
