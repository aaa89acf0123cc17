/**
 * The metrics measures of `npm run bench` (docs/performance.md), on PostgreSQL only: the URL in
 * DATABASE_URL, else the database `bench_metrics` of the server on 127.0.0.1:5432 (made if
 * missing). Prints one JSON line of figures; the bench script reads it.
 *
 * Once per database it adds a tenant of 10,000 running VMs (with the simulated cloud's machines)
 * and a day of minute samples for every one of them (14.4 M rows, as a full day of that fleet
 * keeps), and their per-minute totals. Then, on a fixed clock at the end of that day:
 * - writing one minute of samples for the 10,000 VMs: the sampling job's body as the schedule runs
 *   it (running VMs, the simulated cloud's readings in batches, the batched inserts, the tenants'
 *   totals), and the cloud's reads alone; the minute is deleted again after each run;
 * - reading a 1-day chart of one VM (1,440 samples from the primary key, in 288 buckets) and the
 *   tenant's 1-day total, as the routes read them.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { VmStatus } from '@portal/shared';
import type { ServerMetrics } from '../cloud/driver.js';
import { createSimulator } from '../cloud/simulator/simulator.js';
import { rowsOf, postgresDatabase } from '../db/database.js';
import { migrate } from '../platform/migrate.js';
import { clients, vmMetricSamples, vmMetricTotals, vms } from '../db/schema/index.js';
import { tenantScope } from '../db/tenant-scope.js';
import { insertBenchFleet } from '../seed/bench-estate.js';
import type { FleetVm } from '../modules/compute/fleet.js';
import { createMetricsService } from '../modules/metrics/metrics-service.js';
import { SAMPLE_BATCH, sampleVmMetrics } from '../modules/metrics/sampler.js';

const FLEET = 10_000;
const CLIENT_NUMBER = '20269999001';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The bench's "now": the day of samples ends here; measured writes go to the minutes after it. */
const NOW = new Date('2026-06-01T00:00:00Z');
const RUNS = Number(process.env.BENCH_METRIC_RUNS ?? 5);
const READS = 50;

const url = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_metrics';
if (!url.startsWith('postgres')) throw new Error('the metrics bench runs on PostgreSQL (DATABASE_URL)');
await ensureDatabase(url);
const database = postgresDatabase(url);
const log = (line: string) => process.stderr.write(`metrics bench: ${line}\n`);

try {
  await migrate(database);
  const { db } = database;
  const clientId = await benchTenant();
  const ids = await benchFleet(clientId);
  await benchDay(clientId);

  const clock = { now: () => new Date(NOW.getTime() + 30_000) };
  const driver = createSimulator({ db, clock, timeScale: 0 });
  const silent = { info() {}, error() {}, warn() {} } as never;
  const deps = { db, driver, log: silent, sampleSeconds: 60, onSampled: [] };

  // Writing a minute: the job's body, the cloud's reads alone, and the job's database work alone
  // (the readings handed over ready), alternated.
  const writes: number[] = [];
  const reads: number[] = [];
  const dbOnly: number[] = [];
  const ready = new Map<string, ServerMetrics>();
  for (let i = 0; i < ids.length; i += SAMPLE_BATCH) {
    for (const [id, m] of await driver.readMetrics(ids.slice(i, i + SAMPLE_BATCH))) ready.set(id, m);
  }
  const given = {
    readMetrics: async (batch: string[]) =>
      new Map(batch.flatMap((id) => (ready.has(id) ? [[id, ready.get(id)!] as const] : []))),
  };
  const clearMinute = async () => {
    await db.delete(vmMetricSamples).where(sql`${vmMetricSamples.at} >= ${NOW.toISOString()}::timestamptz`);
    await db.delete(vmMetricTotals).where(sql`${vmMetricTotals.at} >= ${NOW.toISOString()}::timestamptz`);
  };
  let written = 0;
  let running = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await sampleVmMetrics(deps, clock.now());
    writes.push(performance.now() - started);
    written = result.written;
    running = result.running;
    await clearMinute();
    const dbStarted = performance.now();
    await sampleVmMetrics({ ...deps, driver: given }, clock.now());
    dbOnly.push(performance.now() - dbStarted);
    await clearMinute();
    const readStarted = performance.now();
    for (let i = 0; i < ids.length; i += SAMPLE_BATCH)
      await driver.readMetrics(ids.slice(i, i + SAMPLE_BATCH));
    reads.push(performance.now() - readStarted);
  }
  if (written < FLEET) throw new Error(`a minute wrote ${written} rows, not ${FLEET}`);

  // Reading the charts, as the routes do (a VM in the middle of the fleet, so not the first pages).
  const service = createMetricsService({
    clock: { now: () => new Date(NOW.getTime() - 1) },
    sampleSeconds: 60,
  });
  const tenant = tenantScope(db, clientId);
  const vmId = ids[Math.floor(ids.length / 2)]!;
  const chartTimes: number[] = [];
  const totalTimes: number[] = [];
  let points = 0;
  let samples = 0;
  for (let i = 0; i < READS; i++) {
    let started = performance.now();
    const chart = await service.vmMetrics(tenant, vmId, '1d');
    chartTimes.push(performance.now() - started);
    points = chart.at.length;
    samples = chart.samples;
    started = performance.now();
    await service.totalMetrics(tenant, '1d');
    totalTimes.push(performance.now() - started);
  }
  if (samples !== 1440) throw new Error(`the 1-day chart read ${samples} samples, not 1,440`);
  const [{ rows, bytes }] = rowsOf<{ rows: string; bytes: string }>(
    await db.execute(sql`select
      (select reltuples::bigint from pg_class where relname = 'vm_metric_samples')::text as rows,
      pg_total_relation_size('vm_metric_samples')::text as bytes`),
  ) as [{ rows: string; bytes: string }];
  const plan = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, buffers) select at, cpu_pct from vm_metric_samples
      where client_id = ${clientId} and vm_id = ${vmId}
        and at >= ${new Date(NOW.getTime() - DAY).toISOString()}::timestamptz and at < ${NOW.toISOString()}::timestamptz
      order by at`),
  ).map((r) => r['QUERY PLAN']);

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
  const ms = (x: number) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      vms: FLEET,
      runningVmsSampled: running,
      tableRows: Number(rows),
      tableBytes: Number(bytes),
      writeMinuteMs: { median: ms(median(writes)), runs: writes.map(ms) },
      cloudReadsMs: { median: ms(median(reads)), runs: reads.map(ms) },
      writeDbOnlyMs: { median: ms(median(dbOnly)), runs: dbOnly.map(ms) },
      chart1dMs: { median: ms(median(chartTimes)), p95: ms(p95(chartTimes)), points, samples },
      total1dMs: { median: ms(median(totalTimes)), p95: ms(p95(totalTimes)) },
      chartPlan: plan.filter((line) => /Index|Buffers|Execution/.test(line)).map((l) => l.trim()),
    }),
  );
} finally {
  await database.close();
}

/** The database of the URL, made on its server when it is not there yet. */
async function ensureDatabase(target: string) {
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const sqlAdmin = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    const found = await sqlAdmin`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await sqlAdmin.unsafe(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await sqlAdmin.end();
  }
}

async function benchTenant(): Promise<string> {
  const { db } = database;
  await db
    .insert(clients)
    .values({
      clientNumber: CLIENT_NUMBER,
      identityType: 'COMPANY',
      identityNumber: '99999001',
      companyName: 'Metrics bench',
      contactName: 'Bench',
      contactTel: '0223456789',
      contactMobile: '0912345678',
    })
    .onConflictDoNothing({ target: clients.clientNumber });
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.clientNumber, CLIENT_NUMBER));
  return client!.id;
}

/** 10,000 running VMs in the bench tenant (added once). */
async function benchFleet(clientId: string): Promise<string[]> {
  const { db } = database;
  const have = async () =>
    (await db.select({ n: count() }).from(vms).where(eq(vms.clientId, clientId)))[0]?.n ?? 0;
  if ((await have()) < FLEET) {
    log(`adding ${FLEET} running VMs`);
    const fleet: FleetVm[] = Array.from({ length: FLEET }, (_, i) => ({
      name: `metrics-${String(i + 1).padStart(5, '0')}`,
      templateId: '6a1f0c1e-0000-4000-8000-000000000001',
      cpuCore: 2 + 2 * (i % 3),
      ramSize: 4 * (1 + (i % 4)),
      status: VmStatus.RUNNING,
      rootGb: 50,
      publicIp: false,
      host: `hv-tpe-0${(i % 3) + 1}`,
      index: i,
      createdAt: new Date(NOW.getTime() - 30 * DAY),
    }));
    await insertBenchFleet(db, clientId, fleet);
  }
  const rows = await db
    .select({ id: vms.id })
    .from(vms)
    .where(and(eq(vms.clientId, clientId), eq(vms.status, VmStatus.RUNNING)))
    .orderBy(vms.name);
  return rows.map((r) => r.id);
}

/**
 * A day of minute samples for the fleet (written an hour at a time, in time order as the job
 * writes them, so a VM's day is spread over the table as it would be), and its totals.
 */
async function benchDay(clientId: string) {
  const { db } = database;
  const from = new Date(NOW.getTime() - DAY);
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${vmMetricTotals}
      where client_id = ${clientId} and at >= ${from.toISOString()}::timestamptz and at < ${NOW.toISOString()}::timestamptz`),
  ) as [{ n: number }];
  if (n >= 1440) return;
  const started = Date.now();
  for (let hour = 0; hour < 24; hour++) {
    const start = new Date(from.getTime() + hour * 60 * MINUTE);
    const end = new Date(start.getTime() + 60 * MINUTE);
    await db.execute(sql`
      insert into ${vmMetricSamples}
        (vm_id, client_id, at, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps)
      select v.id, v.client_id, g.at, 5 + random() * 60, 20 + random() * 50, random() * 2e6, random() * 1e6,
        random() * 5e6, random() * 5e6
      from generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz - interval '1 minute', interval '1 minute') as g(at)
      cross join ${vms} v
      where v.client_id = ${clientId} and v.status = ${VmStatus.RUNNING}
      order by g.at
      on conflict do nothing`);
    log(`a day of samples: hour ${hour + 1} of 24 (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`
    insert into ${vmMetricTotals}
      (client_id, at, vms, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps)
    select client_id, at, count(*)::int, avg(cpu_pct), avg(mem_pct), sum(disk_read_bps), sum(disk_write_bps),
      sum(net_in_bps), sum(net_out_bps)
    from ${vmMetricSamples}
    where client_id = ${clientId} and at >= ${from.toISOString()}::timestamptz and at < ${NOW.toISOString()}::timestamptz
    group by client_id, at
    on conflict do nothing`);
  await db.execute(sql`analyze vm_metric_samples`);
  await db.execute(sql`analyze vm_metric_totals`);
  await db.execute(sql`analyze vms`);
  log(`a day of samples written in ${Math.round((Date.now() - started) / 1000)} s`);
}
