import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { pgliteDatabase, postgresDatabase, type Database } from '../src/db/database.js';
import { migrate, MIGRATIONS_FOLDER } from '../src/platform/migrate.js';
import { JOB_SCHEMA } from '../src/platform/jobs/index.js';

/** The migrations' fingerprint: a changed migration (or pg-boss schema) makes a new template. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256').update(PgBoss.getConstructionPlans());
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else hash.update(entry.name).update(await readFile(file));
    }
  };
  await walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The app's job queues and schedules, made in the template instead of in every test's database:
 * pg-boss makes a table and indexes per queue on first use, some 40 ms each on PGlite. The app is
 * built once on the template and closed; what pg-boss did meanwhile (jobs its clock queued, the
 * time of its last cron check) is not schema and goes. A queue added since the template was made
 * is made at run time, as in production.
 */
async function withAppQueues(database: Database): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  try {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, webDist: '/nonexistent/web-dist' };
    const app = await buildApp({ config, database });
    await app.ready();
    await app.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  await database.sqlExecutor.executeSql(`DELETE FROM ${JOB_SCHEMA}.job`);
  // Sealed by the template's own key: each test's app seals its own on its first start.
  await database.sqlExecutor.executeSql('DELETE FROM secret_key_checks');
  await database.sqlExecutor.executeSql(
    `UPDATE ${JOB_SCHEMA}.version SET cron_on = NULL, maintained_on = NULL`,
  );
}

/**
 * A migrated PGlite data directory as a tarball, made once and kept in the temp folder: booting
 * and migrating PGlite takes seconds, loading a snapshot well under one. Test files run in
 * separate workers, so the snapshot lives on disk; it is written under a temporary name and
 * renamed, so a worker never reads half of one.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `portal-api-pglite-${await migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create();
    const database = pgliteDatabase(client);
    await migrate(database);
    await withAppQueues(database);
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  return new Blob([await readFile(file)]);
}

/** Runs `work` with a connection to the server's administrative database (the URL's own). */
async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated database on the server to copy each test's database from, made once per set of
 * migrations: `CREATE DATABASE ... TEMPLATE ... STRATEGY FILE_COPY` takes some 0.1 s where
 * migrating took a second (WAL_LOG, the default strategy, took up to 0.8 s). It is kept on the
 * server for the next run; an advisory lock lets one worker make it while the others wait, and it
 * takes its name only once complete, so an interrupted run leaves none half-made. A test process
 * talks to one server (TEST_DATABASE_URL), so the name is kept once per process.
 */
let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `portal_test_template_${await migrationsHash()}`;
    await withAdmin(serverUrl, async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = postgresDatabase(databaseUrl(serverUrl, building));
      try {
        await migrate(database);
        await withAppQueues(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    });
    return name;
  })();
  return postgresTemplateName;
}

/** A new database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped on close. */
export async function postgresDatabaseForTest(serverUrl: string): Promise<Database & { url: string }> {
  const template = await postgresTemplate(serverUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
    // A test's commits need not wait for the disk: a crash loses only a database the run drops.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = databaseUrl(serverUrl, name);
  const database = postgresDatabase(url);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** An empty, migrated database: PGlite from the template, or PostgreSQL when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresDatabaseForTest(serverUrl);
  return pgliteDatabase(await PGlite.create({ loadDataDir: await pgliteTemplate() }));
}
