import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TenantTable } from '../../db/tenant-scope.js';
import { notFound } from '../errors.js';
import type { ResourceContext } from './context.js';

/** The caller's row of `table` with this id, as stored (locked when asked); 404 when it is not theirs. */
export async function ownRow<T extends TenantTable & { id: PgColumn }>(
  ctx: ResourceContext,
  table: T,
  id: string,
  lock?: 'update',
): Promise<T['$inferSelect']> {
  const query = ctx.db
    .select()
    .from(table as TenantTable)
    .where(ctx.own(table, eq(table.id, id)));
  const [row] = (await (lock ? query.for(lock) : query)) as T['$inferSelect'][];
  if (!row) throw notFound();
  return row;
}

/**
 * The caller's row of `table` with this id, locked for a change in the request's transaction
 * (`FOR UPDATE`: a second change of the same row waits for this one); 404 when it is not theirs.
 * Every resource's change starts here before it checks its shared rule.
 */
export const ownRowForUpdate = <T extends TenantTable & { id: PgColumn }>(
  ctx: ResourceContext,
  table: T,
  id: string,
) => ownRow(ctx, table, id, 'update');
