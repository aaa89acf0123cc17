// `npm run bench:routes`: every GET route of the console, each as a share of GET /api/client/info
// in the same run (issue 25's first measure). Routes come from the OpenAPI document the running
// portal serves, so a new route is measured without being listed here; a route whose path names
// a row is asked with one of the demo tenant's rows. Staff (/api/ops), development and document
// routes are left out, as are the ones no row of the demo can fill (printed with why).
// BENCH_ROUTE_SECONDS (default 3) a route, BENCH_CONNECTIONS (default 20); PostgreSQL when
// DATABASE_URL is set, else PGlite. Prints a Markdown table, slowest share first.
import autocannon from 'autocannon';
import { ensureDependencies } from './lib.mjs';
import { api, demoRootToken, startPortal } from './server.mjs';

ensureDependencies();
const seconds = Number(process.env.BENCH_ROUTE_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const portal = await startPortal({
  port: Number(process.env.BENCH_PORT ?? 3311),
  env: { SEED_DEMO: '1', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
});

try {
  const token = await demoRootToken(portal.base);
  const get = (url) => api(portal.base, 'GET', url, undefined, token);
  const doc = await (await fetch(`${portal.base}/api/docs/json`)).json();
  const LEFT_OUT = [/^\/api\/ops\//, /^\/api\/dev\//, /^\/api\/docs/, /^\/api\/health/];
  const paths = Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && !LEFT_OUT.some((re) => re.test(path)))
    .map(([path]) => path);

  /** The first row of a list, for the routes that name one (`/api/vms/{uuid}` ← `/api/vms`). */
  const firstOf = new Map();
  async function first(list) {
    if (!firstOf.has(list)) {
      const answer = await get(`${list}${list.includes('?') ? '&' : '?'}limit=1`).catch(() => null);
      firstOf.set(list, answer?.records?.[0] ?? (Array.isArray(answer) ? answer[0] : null) ?? null);
    }
    return firstOf.get(list);
  }
  const idOf = (row) =>
    row?.uuid ?? row?.id ?? row?.vniUuid ?? row?.firewallUuid ?? row?.netUuid ?? row?.name ?? null;
  /** A concrete URL for the path, or why none: each `{param}` from the list the path lives under. */
  async function concrete(path) {
    let url = path;
    for (const [whole, param] of path.matchAll(/\{(\w+)\}/g)) {
      const before = url.slice(0, url.indexOf(whole)).replace(/\/$/, '');
      let value = null;
      if (param === 'type' && before.endsWith('/tags')) value = 'vms';
      else if (param === 'type') value = '1';
      else if (param === 'key' || param === 'doc') value = null;
      else if (param === 'name' && before.endsWith('/buckets')) value = (await first('/api/buckets'))?.name;
      else value = idOf(await first(before));
      if (!value) return { why: `no row of ${before} names {${param}}` };
      url = url.replace(whole, encodeURIComponent(value));
    }
    // Queries a route needs to answer at all.
    if (url === '/api/metrics/vms/' || /\/api\/metrics\/vms\/[^/]+$/.test(url)) url += '?window=1h';
    if (url === '/api/search') url += '?q=web';
    if (url === '/api/tags/keys') url += '?type=vms';
    return { url };
  }

  const headers = { authorization: `Bearer ${token}` };
  async function measure(url) {
    const r = await autocannon({
      url: portal.base + url,
      connections,
      pipelining: 1,
      duration: seconds,
      headers,
    });
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors };
  }
  // The reference, before and after the rest (the machine may change its pace during the run).
  const reference = [await measure('/api/client/info')];
  const rows = [];
  const skipped = [];
  for (const path of paths) {
    const target = await concrete(path);
    if ('why' in target) {
      skipped.push(`${path}: ${target.why}`);
      continue;
    }
    const m = await measure(target.url);
    rows.push({ path, url: target.url, ...m });
    process.stderr.write(`${path} ${m.rps.toFixed(0)} req/s\n`);
  }
  reference.push(await measure('/api/client/info'));
  const base = (reference[0].rps + reference[1].rps) / 2;

  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nEvery console GET on the demo tenant (${db}, ${connections} connections, ${seconds} s each); ` +
      `GET /api/client/info ${base.toFixed(0)} req/s (runs ${reference.map((r) => r.rps.toFixed(0)).join(', ')})\n`,
  );
  console.log('| route | req/s | share of client/info | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows.sort((a, b) => a.rps - b.rps)) {
    console.log(
      `| \`${r.path}\` | ${r.rps.toFixed(0)} | ${((100 * r.rps) / base).toFixed(0)} % | ${r.p99} | ${r.errors} |`,
    );
  }
  if (skipped.length > 0) console.log(`\nNot measured:\n${skipped.map((s) => `- ${s}`).join('\n')}`);
} finally {
  await portal.stop();
}
