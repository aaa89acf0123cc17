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

export type Database =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; close(): Promise<void> }
  | { kind: 'postgres'; db: PostgresJsDatabase<Schema>; close(): Promise<void> };

/** Drizzle over an open PGlite (the embedded default, and every test on it). */
export function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }),
    kind: 'pglite',
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
  return {
    db: drizzlePg({ client: preparingEveryStatement(client), schema }),
    kind: 'postgres',
    close: () => client.end(),
  };
}

/**
 * Drizzle sends its queries through `unsafe` unprepared, so PostgreSQL parses and plans each one
 * again: for a list page that planning cost more than running it (0.8 ms against 0.3 ms). With
 * parameters, the text of a query is the same whatever the values, so postgres.js may prepare it
 * once per connection and reuse it; text without parameters (migrations, several statements) is
 * sent as it is.
 */
function preparingEveryStatement(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
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

/** PostgreSQL when a URL is given, otherwise PGlite keeping its files in `dataDir/pglite`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir));
}
