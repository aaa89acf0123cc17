import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database as the services see it: the same type on PGlite, on PostgreSQL and inside a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * SQL text with `$1..$n` placeholders run on the app's own client, answered as `{ rows }`: the
 * shape pg-boss takes as its `db` option, so the job queue needs no driver or pool of its own.
 * Values are sent as node-postgres would send them (objects as JSON), which is what pg-boss expects.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface DatabaseBase {
  /** The same client as `db`, for SQL that is not ours to write (the job queue's). */
  sqlExecutor: SqlExecutor;
  /**
   * Run `work` while no other process runs work under the same name on this database: several
   * instances starting at once bring the schema up to date and seed one after the other. On
   * PostgreSQL an advisory lock held by a connection of its own (a crash lets go of it); PGlite
   * is one process's database, where it simply runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * Whether the database answers, for the readiness check: on PostgreSQL over a connection of its
   * own, so a pool busy with this instance's requests does not read as a database away.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseBase & { kind: 'pglite'; db: PgliteDatabase<Schema> })
  | (DatabaseBase & { kind: 'postgres'; db: PostgresJsDatabase<Schema> });

/**
 * A value as node-postgres sends it: undefined is null and plain objects are JSON text. PGlite
 * would encode objects by the parameter's type anyway, but postgres.js refuses undefined and,
 * set up by Drizzle, hands json parameters through untouched, so an object would fail there.
 */
export function driverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || Array.isArray(value) || ArrayBuffer.isView(value)) return value;
  return JSON.stringify(value);
}

/** Drizzle over an open PGlite (the embedded default, and every test on it). */
export function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }),
    kind: 'pglite',
    sqlExecutor: {
      async executeSql(text, values) {
        if (values?.length) {
          const { rows } = await client.query<Record<string, unknown>>(text, values.map(driverValue));
          return { rows };
        }
        // Without values the text may hold several statements (pg-boss's schema and maintenance
        // wrap theirs in BEGIN ... COMMIT), which only the simple protocol of exec takes.
        try {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        } catch (error) {
          // One connection for everything: a script that failed inside its BEGIN must not leave
          // the next request in an aborted transaction.
          if (client.isInTransaction()) await client.exec('ROLLBACK');
          throw error;
        }
      },
    },
    exclusive: (_name, work) => work(),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/**
 * Drizzle over a pool of connections to PostgreSQL, through postgres.js: every authenticated
 * request runs at least one query, and this driver spends about half the CPU per query that
 * node-postgres does (measured with `npm run bench`, docs/performance.md).
 */
export function postgresDatabase(connectionString: string): Database {
  const client = postgres(connectionString, { max: 10, onnotice: () => undefined });
  let probe: postgres.Sql | undefined;
  return {
    db: drizzlePg({
      client: preparingEveryStatement(client, { begin: (work: Work) => inTransaction(client, work) }),
      schema,
    }),
    kind: 'postgres',
    sqlExecutor: {
      async executeSql(text, values = []) {
        if (values.length) {
          const rows = await client.unsafe(
            text,
            values.map(driverValue) as postgres.ParameterOrJSON<never>[],
          );
          return { rows: [...rows] };
        }
        // Without values postgres.js uses the simple protocol, which takes several statements and
        // answers with one list of rows per statement. pg-boss wraps some in BEGIN ... COMMIT,
        // which postgres.js allows only on a connection of its own (not one the pool shares).
        const connection = await client.reserve();
        try {
          const result = await connection.unsafe(text);
          const rows = Array.isArray(result[0]) ? (result.at(-1) as unknown as postgres.Row[]) : result;
          return { rows: [...rows] };
        } catch (error) {
          // A script that failed inside its BEGIN must not hand an aborted transaction back to the pool.
          await connection.unsafe('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          connection.release();
        }
      },
    },
    async exclusive(name, work) {
      const connection = await client.reserve();
      try {
        await connection`select pg_advisory_lock(hashtextextended(${name}, 0))`;
        try {
          return await work();
        } finally {
          await connection`select pg_advisory_unlock(hashtextextended(${name}, 0))`;
        }
      } finally {
        connection.release();
      }
    },
    async ping() {
      probe ??= postgres(connectionString, { max: 1, connect_timeout: 2, onnotice: () => undefined });
      await probe`select 1`;
    },
    async close() {
      await probe?.end();
      await client.end();
    },
  };
}

/**
 * Drizzle sends its queries through `unsafe` unprepared, so PostgreSQL parses and plans each one
 * again: for a list page that planning cost more than running it (0.8 ms against 0.3 ms). With
 * parameters, the text of a query is the same whatever the values, so postgres.js may prepare it
 * once per connection and reuse it; text without parameters (migrations, several statements) is
 * sent as it is.
 */
function preparingEveryStatement(client: postgres.Sql, replaced: Record<string, unknown> = {}): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(replaced, key)) return replaced[key];
      if (key !== 'unsafe') return Reflect.get(target, key, receiver);
      return (
        query: string,
        params?: postgres.ParameterOrJSON<never>[],
        options?: postgres.UnsafeQueryOptions,
      ) =>
        target.unsafe(query, params, params && params.length > 0 ? { ...options, prepare: true } : options);
    },
  });
}

/** What Drizzle runs in a transaction on the connection it is handed (`begin`'s, `savepoint`'s callback). */
type Work = (sql: postgres.Sql) => Promise<unknown>;

/**
 * A transaction, as postgres.js's `begin` runs one, but on a connection reserved before BEGIN is
 * sent. postgres.js 3.4.9 pipelines a BEGIN onto a busy connection and reserves the connection
 * for its transaction only if the BEGIN did not fill the connection's pipeline (100 queries):
 * under load, with every connection busy and queries queued, one that did went out unreserved,
 * failed with UNSAFE_TRANSACTION and left its connection in an open transaction on the server,
 * where other requests' statements then ran (porsager/postgres#823, #1189; `npm run load` met it;
 * database.test.ts; decision 0029). `reserve` hands a connection over, marked as the caller's,
 * before anything of the transaction is sent; BEGIN, COMMIT or ROLLBACK and savepoints are then
 * ours to send.
 */
async function inTransaction(client: postgres.Sql, work: Work): Promise<unknown> {
  const connection = await client.reserve();
  let savepoints = 0;
  const sql: postgres.Sql = preparingEveryStatement(connection, {
    // A nested transaction (Drizzle's tx.transaction).
    savepoint: async (nested: Work) => {
      const name = `s${savepoints++}`;
      await connection.unsafe(`savepoint ${name}`);
      try {
        return await nested(sql);
      } catch (error) {
        await connection.unsafe(`rollback to savepoint ${name}`);
        throw error;
      }
    },
  });
  try {
    await connection.unsafe('begin');
    try {
      const result = await work(sql);
      await connection.unsafe('commit');
      return result;
    } catch (error) {
      // Whatever failed (a statement, the commit), the connection goes back with no transaction.
      await connection.unsafe('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    connection.release();
  }
}

/** PostgreSQL when a URL is given, otherwise PGlite keeping its files in `dataDir/pglite`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir));
}

/** The rows of a raw `db.execute(...)`: PGlite answers `{ rows }`, postgres.js the list itself. */
export function rowsOf<T>(result: unknown): T[] {
  return [...(Array.isArray(result) ? result : (result as { rows: T[] }).rows)] as T[];
}
