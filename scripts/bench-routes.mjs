// `npm run bench:routes`: every GET route of the console, each as a share of GET /api/client/info
// measured just before it, on the demo tenant and on a tenant of 10,000 VMs with a proportionate estate
// (issue 25; budgets in docs/performance.md). Routes come from the OpenAPI document the running
// portal serves, so a new route is measured without being listed here; a route whose path names
// a row is asked with one of the tenant's rows. Staff (/api/ops), development and document routes
// are left out, as are the ones no row can fill (printed with why).
//
// On PostgreSQL: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_routes) holds the
// large tenant, made and seeded once (`npm run seed:estate`, about 4 minutes); the demo pass runs
// on a database of the same name + `_demo`, made afresh each run. BENCH_FLEET (default 10000),
// BENCH_ROUTE_SECONDS (default 2) a route, BENCH_CONNECTIONS (default 20), BENCH_PASSES
// (default "demo,fleet"). Prints a Markdown table, slowest share at the fleet first, and exits
// non-zero when a route misses its budget at the fleet's size.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { ROOT, ensureDependencies } from './lib.mjs';
import { api, demoRootToken, startPortal } from './server.mjs';

ensureDependencies();
const seconds = Number(process.env.BENCH_ROUTE_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const fleet = Number(process.env.BENCH_FLEET ?? 10_000);
const passes = (process.env.BENCH_PASSES ?? 'demo,fleet').split(',');
const fleetUrl = new URL(process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_routes');
const demoUrl = new URL(fleetUrl);
demoUrl.pathname = `${fleetUrl.pathname}_demo`;
const port = Number(process.env.BENCH_PORT ?? 3311);
const portalEnv = { SEED_DEMO: '1', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };
/** Budgets at the fleet's size, as shares of client/info (issue 25). */
const BUDGET = { default: 25, '/api/dashboard': 50, '/api/search': 50 };
/**
 * Files (CSV exports, object downloads) are held to their bytes rather than to the share: an
 * export of a month of 10,000 VMs' usage is 8 MB, eight thousand times client/info's answer.
 */
const isFile = (path) => /\.csv$|\/download$/.test(path);
const LEFT_OUT = [/^\/api\/ops\//, /^\/api\/dev\//, /^\/api\/docs/, /^\/api\/health/];

async function database(url, { fresh }) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.href, { max: 1, onnotice: () => {} });
  const name = url.pathname.slice(1);
  if (fresh) await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const [exists] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (!exists) await sql.unsafe(`CREATE DATABASE "${name}"`);
  await sql.end();
}

/** A concrete URL for each GET path of the document, or why none, from the tenant's own rows. */
function urlMaker(get) {
  const firstOf = new Map();
  async function rows(list) {
    if (!firstOf.has(list)) {
      const answer = await get(`${list}${list.includes('?') ? '&' : '?'}limit=10`).catch(() => null);
      const all = [answer?.records, answer?.entries, answer].find(Array.isArray) ?? [];
      firstOf.set(
        list,
        all.filter((row) => row.type !== 'folder'),
      );
    }
    return firstOf.get(list);
  }
  const idOf = (row) =>
    row?.uuid ?? row?.id ?? row?.vniUuid ?? row?.firewallUuid ?? row?.netUuid ?? row?.name ?? null;
  /** Where the rows of a path with no list of its own are listed. */
  const LISTED_BY = { '/api/products': '/api/productManagement/resourceTypeManagement/modifyResourceType' };
  /** Queries a route needs to answer at all. */
  const QUERIES = {
    '/api/metrics/vms/{vmId}': async () => 'window=1h',
    '/api/search': async () => 'q=web',
    '/api/tags/keys': async () => 'type=vms',
    '/api/orders/quote': async () => `vmId=${idOf((await rows('/api/vms'))[0])}&months=12`,
    '/api/tags/resid': async () => `type=vms&res_id=${(await rows('/api/vms')).map(idOf).join(',')}`,
    '/api/buckets/{name}/objects/download': async (url) => {
      const [object] = await rows(url.replace(/\/download$/, ''));
      return object?.key ? `key=${encodeURIComponent(object.key)}` : null;
    },
  };
  return async function concrete(path) {
    let url = path;
    for (const [whole, param] of path.matchAll(/\{(\w+)\}/g)) {
      const before = url.slice(0, url.indexOf(whole)).replace(/\/$/, '');
      let value = null;
      if (param === 'type' && before.endsWith('/tags')) value = 'vms';
      else if (param === 'type') value = '1';
      else if (param === 'key' || param === 'doc') value = null;
      else value = idOf((await rows(LISTED_BY[before] ?? before))[0]);
      if (!value) return { why: `no row of ${before} names {${param}}` };
      url = url.replace(whole, encodeURIComponent(value));
    }
    const query = await QUERIES[path]?.(url);
    if (query === null) return { why: 'no row to name in its query' };
    return { url: query ? `${url}?${query}` : url };
  };
}

/** Every console GET on one portal: requests per second, share of client/info, p99. */
async function measurePass(portal) {
  const token = await demoRootToken(portal.base);
  const get = (url) => api(portal.base, 'GET', url, undefined, token);
  const doc = await (await fetch(`${portal.base}/api/docs/json`)).json();
  const paths = Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && !LEFT_OUT.some((re) => re.test(path)))
    .map(([path]) => path);
  const concrete = urlMaker(get);
  const headers = { authorization: `Bearer ${token}` };
  // A file by two connections for longer: twenty downloads of 8 MB at once measure the socket.
  const measure = async (url, duration = seconds, file = false) => {
    const r = await autocannon({
      url: portal.base + url,
      connections: file ? 2 : connections,
      pipelining: 1,
      duration: file ? duration * 2 : duration,
      headers,
    });
    return {
      rps: r.requests.average,
      mbps: r.throughput.average / 1e6,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors,
    };
  };
  // Each route right after a second of the reference, and its share taken against that second:
  // other work on the machine changes its pace from minute to minute, much less within seconds.
  const reference = [];
  const routes = new Map();
  const skipped = [];
  for (const path of paths) {
    const target = await concrete(path);
    if ('why' in target) {
      skipped.push(`${path}: ${target.why}`);
      continue;
    }
    const ref = await measure('/api/client/info', 1);
    reference.push(ref);
    const m = await measure(target.url, seconds, isFile(path));
    routes.set(path, { url: target.url, ...m, share: (100 * m.rps) / ref.rps });
    process.stderr.write(
      `  ${path} ${m.rps.toFixed(0)} req/s (client/info ${ref.rps.toFixed(0)}), p99 ${m.p99} ms\n`,
    );
  }
  const rates = reference.map((r) => r.rps).sort((x, y) => x - y);
  const base = rates[Math.floor(rates.length / 2)];
  return { base, reference, routes, skipped };
}

const results = {};
for (const pass of passes) {
  const url = pass === 'demo' ? demoUrl : fleetUrl;
  await database(url, { fresh: pass === 'demo' });
  const env = { ...portalEnv, DATABASE_URL: url.href };
  // The data directory goes with the database: it holds the embedded S3's objects and the key
  // that sealed the tenant's secrets.
  const dataDir = path.join(os.tmpdir(), `bench-routes-${url.pathname.slice(1)}`);
  if (pass === 'demo') rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let portal = await startPortal({ port, env, dataDir });
  if (pass === 'fleet') {
    // The large tenant's estate, added once per database (each part only when missing).
    await portal.stop();
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/seed-estate.ts', '--count', String(fleet)],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url.href }, stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error('seeding the estate failed');
    portal = await startPortal({ port, env, dataDir });
  }
  process.stderr.write(`${pass === 'demo' ? 'The demo tenant' : `The tenant of ${fleet} VMs`}:\n`);
  try {
    results[pass] = await measurePass(portal);
  } finally {
    await portal.stop();
  }
}

const budgetOf = (path) => BUDGET[path] ?? BUDGET.default;
const size = (pass) => (pass === 'demo' ? 'demo' : `${fleet.toLocaleString('en')} VMs`);
console.log(
  `\nEvery console GET (PostgreSQL, ${connections} connections, ${seconds} s each), as a share of GET /api/client/info: ` +
    passes
      .map(
        (p) =>
          `${size(p)} ${results[p].base.toFixed(0)} req/s (median of ${results[p].reference.length} one-second runs, ${Math.min(...results[p].reference.map((r) => r.rps)).toFixed(0)}-${Math.max(...results[p].reference.map((r) => r.rps)).toFixed(0)})`,
      )
      .join('; ') +
    '\n',
);
const last = passes.at(-1);
console.log(
  `| route | ${passes.map((p) => `${size(p)} share | ${size(p)} p99 ms`).join(' | ')} | budget | errors |`,
);
console.log(`|---|${passes.map(() => '---:|---:').join('|')}|---:|---:|`);
const paths = [...results[last].routes.keys()].sort(
  (a, b) => results[last].routes.get(a).share - results[last].routes.get(b).share,
);
const missed = [];
for (const path of paths) {
  const cells = passes.map((p) => {
    const r = results[p].routes.get(path);
    if (!r) return '- | -';
    return `${r.share.toFixed(0)} %${isFile(path) ? ` (${r.mbps.toFixed(0)} MB/s)` : ''} | ${r.p99}`;
  });
  const r = results[last].routes.get(path);
  const errors = passes.reduce((n, p) => n + (results[p].routes.get(path)?.errors ?? 0), 0);
  if (last === 'fleet' && !isFile(path) && r.share < budgetOf(path))
    missed.push(`${path} ${r.share.toFixed(0)} % (budget ${budgetOf(path)} %)`);
  if (errors > 0) missed.push(`${path}: ${errors} answers not 2xx`);
  console.log(
    `| \`${path}\` | ${cells.join(' | ')} | ${isFile(path) ? 'file' : `${budgetOf(path)} %`} | ${errors} |`,
  );
}
for (const p of passes) {
  if (results[p].skipped.length > 0)
    console.log(`\nNot measured (${size(p)}):\n${results[p].skipped.map((s) => `- ${s}`).join('\n')}`);
}
if (missed.length > 0) {
  console.log(`\nOver budget or failing:\n${missed.map((m) => `- ${m}`).join('\n')}`);
  process.exitCode = 1;
}
