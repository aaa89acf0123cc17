import { and, count, eq, is, type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';
import * as schema from './schema/index.js';

/** A table whose rows belong to one client (tenant). */
export type TenantTable = PgTable & { clientId: PgColumn };

/** The schema's tenant tables (those with a `client_id`), by the name the code imports each under. */
export const tenantTables = (): [name: string, table: TenantTable][] =>
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) && 'clientId' in value ? [[name, value as TenantTable] as [string, TenantTable]] : [],
  );

/**
 * The only way services reach customer-owned rows: every read, change and delete is ANDed with
 * the client id, and every insert is stamped with it. A service handed a scope cannot name another
 * tenant's rows, so a forgotten filter is impossible rather than unlikely.
 */
export interface TenantScope {
  readonly clientId: string;
  /**
   * The database or transaction the scope stands on, for joined reads and for work that must
   * join the same transaction (an operation's job). Every query through it names the client:
   * use `own(table)` as (part of) its condition.
   */
  readonly db: Db;
  /** The condition "row of this client" on a tenant table, ANDed with `where`. */
  own(table: TenantTable, where?: SQL): SQL;
  select<T extends TenantTable>(table: T, where?: SQL): Promise<T['$inferSelect'][]>;
  update<T extends TenantTable>(
    table: T,
    values: PgUpdateSetSource<T>,
    where?: SQL,
  ): Promise<T['$inferSelect'][]>;
  insert<T extends TenantTable>(
    table: T,
    values: Omit<T['$inferInsert'], 'clientId'>,
  ): Promise<T['$inferSelect'][]>;
  delete<T extends TenantTable>(table: T, where?: SQL): Promise<T['$inferSelect'][]>;
  /** One page of a list and the count of all its rows; `limit` 0 means every row. */
  selectPage<T extends TenantTable>(
    table: T,
    options: { where?: SQL; orderBy: SQL[]; page: number; limit: number },
  ): Promise<{ rows: T['$inferSelect'][]; total: number }>;
  transaction<R>(work: (scope: TenantScope) => Promise<R>): Promise<R>;
}

// Drizzle's types cannot follow a table given as a type parameter through a query, so the bodies
// cast to `never`; the TenantScope interface above states what each call returns.
export function tenantScope(db: Db, clientId: string): TenantScope {
  const own = (table: TenantTable, where?: SQL) => and(eq(table.clientId, clientId), where);
  return {
    clientId,
    db,
    own: (table, where) => own(table, where) as SQL,
    select: async (table, where) =>
      (await db
        .select()
        .from(table as PgTable)
        .where(own(table, where))) as never,
    update: async (table, values, where) =>
      (await db.update(table).set(values).where(own(table, where)).returning()) as never,
    insert: async (table, values) =>
      (await db
        .insert(table)
        .values({ ...values, clientId } as never)
        .returning()) as never,
    delete: async (table, where) => (await db.delete(table).where(own(table, where)).returning()) as never,
    selectPage: async (table, { where, orderBy, page, limit }) => {
      const query = db
        .select()
        .from(table as PgTable)
        .where(own(table, where))
        .orderBy(...orderBy);
      const rows = limit > 0 ? await query.limit(limit).offset(page * limit) : await query;
      const [counted] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(own(table, where));
      return { rows: rows as never, total: counted?.n ?? 0 };
    },
    transaction: (work) => db.transaction((tx) => work(tenantScope(tx, clientId))),
  };
}
