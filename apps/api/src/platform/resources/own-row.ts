import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TenantTable } from '../../db/tenant-scope.js';
import { notFound } from '../errors.js';
import type { ResourceContext } from './context.js';

/**
 * The caller's row of `table` with this id, locked for a change in the request's transaction
 * (`FOR UPDATE`: a second change of the same row waits for this one); 404 when it is not theirs.
 * Every resource's change starts here before it checks its shared rule.
 */
export async function ownRowForUpdate<T extends TenantTable & { id: PgColumn }>(
  ctx: ResourceContext,
  table: T,
  id: string,
): Promise<T['$inferSelect']> {
  const [row] = (await ctx.db
    .select()
    .from(table as TenantTable)
    .where(ctx.own(table, eq(table.id, id)))
    .for('update')) as T['$inferSelect'][];
  if (!row) throw notFound();
  return row;
}
