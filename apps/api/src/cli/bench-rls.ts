/**
 * `npm run bench:rls`: what PostgreSQL row-level security would cost the VM list (decision 0031).
 * On a database of its own (BENCH_RLS_URL, default postgres://root@127.0.0.1:5432/bench_rls, made
 * afresh and dropped at the end, with the role bench_rls_app), four tenants of BENCH_RLS_FLEET VMs
 * each (default 5000); the first one's VMs are read through the app's own code (listVms, vmRows.one)
 * three ways, in turns (BENCH_RLS_ROUNDS, default 3, of BENCH_RLS_SECONDS, default 3, each):
 * - `plain`: as today, on the pool, the tenant named by `own()` alone;
 * - `tx`: in a transaction that first sets `app.client_id` (what RLS would need on every request);
 * - `rls`: the same as a role without BYPASSRLS, with a policy `client_id = app.client_id` on every
 *   tenant table.
 * Prints the list statement's time inside PostgreSQL with and without the policy, then a Markdown
 * table: median and p95 of one request at a time, and requests a second with 8 at a time (pool of
 * 10). Never for production.
 */
import { randomInt } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { seedBenchFleet } from '../seed/bench-estate.js';
import { postgresDatabase, rowsOf, type Database, type Db } from '../db/database.js';
import { migrate } from '../platform/migrate.js';
import { tenantScope, tenantTables } from '../db/tenant-scope.js';
import { listVms, vmRows } from '../modules/compute/vm-repository.js';
import type { ResourceContext } from '../platform/resources/context.js';

const url = new URL(process.env.BENCH_RLS_URL ?? 'postgres://root@127.0.0.1:5432/bench_rls');
const fleet = Number(process.env.BENCH_RLS_FLEET ?? 5000);
const seconds = Number(process.env.BENCH_RLS_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_RLS_ROUNDS ?? 3);
const ROLE = 'bench_rls_app';
const name = url.pathname.slice(1);

const admin = postgres({ ...connectionOf(url), database: 'postgres', max: 1, onnotice: () => {} });
await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE "${name}"`);
const [role] = await admin`SELECT 1 FROM pg_roles WHERE rolname = ${ROLE}`;
if (!role) await admin.unsafe(`CREATE ROLE ${ROLE} LOGIN NOSUPERUSER NOBYPASSRLS`);

function connectionOf(at: URL) {
  return { host: at.hostname, port: Number(at.port || 5432), user: decodeURIComponent(at.username) };
}

const owner = postgresDatabase(url.href);
let restricted: Database | undefined;
try {
  await migrate(owner);
  const tenants: string[] = [];
  const started = Date.now();
  for (let i = 0; i < 4; i++) {
    const number = String(randomInt(10_000_000_000, 99_999_999_999));
    const [client] = rowsOf<{ id: string }>(
      await owner.db.execute(sql`
        insert into clients (client_number, identity_type, identity_number, company_name, contact_name,
          contact_tel, contact_mobile)
        values (${number}, 'COMPANY', ${String(10_000_000 + i)}, ${`Bench ${i}`}, 'Bench', '0223456789', '0912345678')
        returning id`),
    );
    await seedBenchFleet(owner.db, client!.id, fleet, 'en');
    tenants.push(client!.id);
  }
  await owner.db.execute(sql`analyze`);
  console.error(`seeded ${4 * fleet} VMs in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // Row-level security as it would be: a policy per tenant table, the tenant set per transaction.
  for (const table of tenantTables().map(([, t]) => getTableName(t))) {
    await owner.db.execute(sql.raw(`alter table "${table}" enable row level security`));
    await owner.db.execute(
      sql.raw(`create policy tenant on "${table}"
        using (client_id = nullif(current_setting('app.client_id', true), '')::uuid)`),
    );
  }
  await owner.db.execute(sql.raw(`grant usage on schema public to ${ROLE}`));
  await owner.db.execute(
    sql.raw(`grant select, insert, update, delete on all tables in schema public to ${ROLE}`),
  );
  const restrictedUrl = new URL(url);
  restrictedUrl.username = ROLE;
  restricted = postgresDatabase(restrictedUrl.href);

  const clientId = tenants[0]!;
  const ctxOn = (db: Db) =>
    ({ db, clientId, own: tenantScope(db, clientId).own }) as unknown as ResourceContext;
  const inTenant = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.client_id', ${clientId}, true)`);
      return work(tx);
    });
  const restrictedDb = restricted.db as Db;

  // The policy holds: the restricted role sees the tenant's rows and only them, none without one.
  const counted = async (db: Db) =>
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int n from vms`))[0]!.n;
  const seen = await inTenant(restrictedDb, counted);
  const unset = await counted(restrictedDb);
  if (seen !== fleet || unset !== 0)
    throw new Error(`RLS does not hold: ${seen} rows in the tenant, ${unset} unset`);
  const [oneVm] = (await listVms(ctxOn(owner.db), { page: 0, limit: 1 } as never)).records;

  const QUERIES = {
    'page of 20': (ctx: ResourceContext) => listVms(ctx, { page: 0, limit: 20 } as never),
    [`all ${fleet}`]: (ctx: ResourceContext) => listVms(ctx, { page: 0, limit: 0 } as never),
    'one VM': (ctx: ResourceContext) => vmRows.one(ctx, oneVm!.uuid),
  } as Record<string, (ctx: ResourceContext) => Promise<unknown>>;
  const VARIANTS = {
    plain: (q: (ctx: ResourceContext) => Promise<unknown>) => q(ctxOn(owner.db)),
    tx: (q: (ctx: ResourceContext) => Promise<unknown>) => inTenant(owner.db, (tx) => q(ctxOn(tx))),
    rls: (q: (ctx: ResourceContext) => Promise<unknown>) => inTenant(restrictedDb, (tx) => q(ctxOn(tx))),
  };

  /** Requests one after another, or `parallel` at a time, for `seconds`: each one's time. */
  async function run(call: () => Promise<unknown>, parallel: number) {
    const times: number[] = [];
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (Date.now() < until) {
          const at = performance.now();
          await call();
          times.push(performance.now() - at);
        }
      }),
    );
    return times;
  }
  const quantile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

  const results = new Map<string, { single: number[]; perSecond: number[] }>();
  for (const [query, q] of Object.entries(QUERIES)) {
    for (const variant of Object.values(VARIANTS)) await run(() => variant(q), 1); // warm up
    for (let round = 0; round < rounds; round++) {
      for (const [variant, v] of Object.entries(VARIANTS)) {
        const key = `${query}|${variant}`;
        const entry = results.get(key) ?? { single: [], perSecond: [] };
        entry.single.push(...(await run(() => v(q), 1)));
        entry.perSecond.push((await run(() => v(q), 8)).length / seconds);
        results.set(key, entry);
      }
    }
  }
  // The policy's own cost inside PostgreSQL, free of the Node process's: the list's statement
  // (its rows, joins and order) timed by EXPLAIN ANALYZE as the owner and as the restricted role.
  const explained = async (db: Db, limit: string) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const [plan] = rowsOf<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        await db.execute(
          sql.raw(`explain (analyze, format json)
            select v.*, t.os_name, p.name from vms v join os_templates t on t.id = v.template_id
            join vpcs p on p.id = v.vpc_id where v.client_id = '${clientId}'
            order by v.created_at desc, v.id desc ${limit}`),
        ),
      );
      times.push(plan!['QUERY PLAN'][0]['Execution Time']);
    }
    return quantile(
      times.sort((x, y) => x - y),
      0.5,
    ).toFixed(3);
  };
  for (const limit of ['limit 20', '']) {
    const without = await explained(owner.db, limit);
    const withPolicy = await inTenant(restrictedDb, (tx) => explained(tx, limit));
    console.log(
      `In PostgreSQL, ${limit || 'all rows'}: ${without} ms without a policy, ${withPolicy} ms with (median of 40)`,
    );
  }
  console.log('');
  console.log(`| query | way | median ms | p95 ms | req/s, 8 at a time |`);
  console.log(`| --- | --- | ---: | ---: | ---: |`);
  for (const [key, { single, perSecond }] of results) {
    const [query, variant] = key.split('|');
    const sorted = [...single].sort((x, y) => x - y);
    const rate = perSecond.reduce((s, r) => s + r, 0) / perSecond.length;
    console.log(
      `| ${query} | ${variant} | ${quantile(sorted, 0.5).toFixed(2)} | ${quantile(sorted, 0.95).toFixed(2)} | ${rate.toFixed(0)} |`,
    );
  }
} finally {
  await restricted?.close();
  await owner.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.unsafe(`DROP ROLE IF EXISTS ${ROLE}`);
  await admin.end();
}
