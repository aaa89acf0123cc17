import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VmStatus } from '@portal/shared';
import type { CloudDriver, ServerMetrics } from '../../cloud/driver.js';
import { rowsOf, type Db } from '../../db/database.js';
import { vmMetricHourly, vmMetricSamples, vmMetricTotals, vms } from '../../db/schema/index.js';
import { sqlArray } from '../../db/sql-array.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { repeatEvery } from '../../platform/jobs/repeat.js';

export const METRICS_SAMPLE_QUEUE = 'vm-metrics-sample';
export const METRICS_ROLLUP_QUEUE = 'vm-metrics-rollup';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Samples are kept at full resolution this long, then rolled up into hours. */
export const FULL_RESOLUTION_MS = 24 * HOUR;
/** The tenant totals a one-day chart reads, and an hour more. */
const TOTALS_KEPT_MS = FULL_RESOLUTION_MS + HOUR;
/** VMs asked of the cloud and written per statement. */
export const SAMPLE_BATCH = 2000;
/** Hours one roll-up run moves at most (after a long stop the next runs take the rest). */
const ROLLUP_HOURS_PER_RUN = 168;

/** Told after a period's samples are written (the alarms evaluate on each new sample). */
export type SampleListener = (at: Date) => Promise<void>;

export interface MetricsSamplerDeps {
  db: Db;
  driver: Pick<CloudDriver, 'readMetrics'>;
  log: FastifyBaseLogger;
  /** The sampling period (METRIC_SAMPLE_SECONDS, 60 by default); `at` is the period's start. */
  sampleSeconds: number;
  /** Called in order after each period, with its `at`; the app adds to it before it starts. */
  onSampled: SampleListener[];
  batchSize?: number;
}

/** The start of the sampling period `now` falls in. */
export const periodStart = (now: Date, sampleSeconds: number) =>
  new Date(Math.floor(now.getTime() / (sampleSeconds * 1000)) * sampleSeconds * 1000);

const finite = (m: ServerMetrics) =>
  [m.cpuPct, m.memPct, m.diskReadBps, m.diskWriteBps, m.netInBps, m.netOutBps].every(Number.isFinite);

export interface SampleResult {
  at: Date;
  /** Running VMs asked about, and rows written (0 for a period already written). */
  running: number;
  written: number;
}

/**
 * The sampling job's body: the running VMs' readings for the period `now` falls in, one row per VM
 * (ON CONFLICT DO NOTHING: a retry, a second instance or a second tick of the same period writes
 * nothing twice), then each tenant's total for the period, then the listeners.
 */
export async function sampleVmMetrics(deps: MetricsSamplerDeps, now: Date): Promise<SampleResult> {
  const { db, driver } = deps;
  const at = periodStart(now, deps.sampleSeconds);
  const batch = deps.batchSize ?? SAMPLE_BATCH;
  // Every tenant's running VMs that the cloud has placed (a launching VM has no hypervisor yet).
  const running = await db
    .select({ id: vms.id, clientId: vms.clientId })
    .from(vms)
    .where(and(eq(vms.status, VmStatus.RUNNING), isNotNull(vms.hypervisorId)));
  let written = 0;
  for (let i = 0; i < running.length; i += batch) {
    const chunk = running.slice(i, i + batch);
    const readings = await driver.readMetrics(chunk.map((v) => v.id));
    const rows = chunk.flatMap((v) => {
      const m = readings.get(v.id);
      return m && finite(m) ? [{ ...v, m }] : [];
    });
    if (rows.length > 0) written += await insertSamples(db, at, rows);
  }
  // The period's totals, read by the `at` index.
  await writeTotals(db, eq(vmMetricSamples.at, at));
  for (const listener of deps.onSampled) {
    try {
      await listener(at);
    } catch (error) {
      deps.log.error({ err: error, at }, 'a metrics listener failed');
    }
  }
  return { at, running: running.length, written };
}

async function insertSamples(
  db: Db,
  at: Date,
  rows: { id: string; clientId: string; m: ServerMetrics }[],
): Promise<number> {
  const col = <K extends keyof ServerMetrics>(key: K) => rows.map((r) => r.m[key]);
  const result = await db.execute(sql`
    with written as (
      insert into ${vmMetricSamples}
        (vm_id, client_id, at, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps)
      select vm_id, client_id, ${at.toISOString()}::timestamptz, cpu, mem, dr, dw, ni, no
      from unnest(
        ${sqlArray(
          rows.map((r) => r.id),
          'uuid',
        )}, ${sqlArray(
          rows.map((r) => r.clientId),
          'uuid',
        )},
        ${sqlArray(col('cpuPct'), 'real')}, ${sqlArray(col('memPct'), 'real')},
        ${sqlArray(col('diskReadBps'), 'float8')}, ${sqlArray(col('diskWriteBps'), 'float8')},
        ${sqlArray(col('netInBps'), 'float8')}, ${sqlArray(col('netOutBps'), 'float8')}
      ) as t(vm_id, client_id, cpu, mem, dr, dw, ni, no)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from written`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Each tenant's totals of the periods whose samples match `where`, from those samples: written
 * again whole when a period is sampled again, so they always match the samples.
 */
export async function writeTotals(db: Db, where: SQL): Promise<void> {
  const s = vmMetricSamples;
  await db.execute(sql`
    insert into ${vmMetricTotals}
      (client_id, at, vms, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps)
    select ${s.clientId}, ${s.at}, count(*)::int, avg(${s.cpuPct}), avg(${s.memPct}),
      sum(${s.diskReadBps}), sum(${s.diskWriteBps}), sum(${s.netInBps}), sum(${s.netOutBps})
    from ${s} where ${where}
    group by ${s.clientId}, ${s.at}
    on conflict (client_id, at) do update set
      vms = excluded.vms, cpu_pct = excluded.cpu_pct, mem_pct = excluded.mem_pct,
      disk_read_bps = excluded.disk_read_bps, disk_write_bps = excluded.disk_write_bps,
      net_in_bps = excluded.net_in_bps, net_out_bps = excluded.net_out_bps`);
}

export interface RollupResult {
  /** Hours moved into `vm_metric_hourly`, and the samples they held. */
  hours: number;
  samples: number;
}

/** Samples before this are rolled up: whole hours older than a day. */
export const rollupCutoff = (now: Date) =>
  new Date(Math.floor(now.getTime() / HOUR) * HOUR - FULL_RESOLUTION_MS);

/**
 * The roll-up job's body: every whole hour of samples older than a day becomes one row per VM in
 * `vm_metric_hourly` (the averages, the peaks of CPU and memory, how many samples), and its
 * samples are deleted in the same statement, so a crash leaves the hour either moved or not.
 * Idempotent: a second run finds nothing left to move. An hour that already has a row (a sample
 * written late) is merged into it, weighted by the samples. Old tenant totals go too.
 */
export async function rollUpVmMetrics(db: Db, now: Date): Promise<RollupResult> {
  const cutoff = rollupCutoff(now);
  let hours = 0;
  let samples = 0;
  const s = vmMetricSamples;
  for (; hours < ROLLUP_HOURS_PER_RUN; hours++) {
    const [oldest] = await db
      .select({ at: sql<string>`min(${s.at})` })
      .from(s)
      .where(sql`${s.at} < ${cutoff.toISOString()}::timestamptz`);
    if (!oldest?.at) break;
    const hour = new Date(Math.floor(new Date(oldest.at).getTime() / HOUR) * HOUR);
    const result = await db.execute(sql`
      with moved as (
        delete from ${s}
        where ${s.at} >= ${hour.toISOString()}::timestamptz
          and ${s.at} < ${new Date(hour.getTime() + HOUR).toISOString()}::timestamptz
        returning *
      ), hourly as (
        insert into ${vmMetricHourly} as h
          (vm_id, client_id, hour, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps,
           net_out_bps, cpu_pct_max, mem_pct_max, samples)
        select vm_id, client_id, ${hour.toISOString()}::timestamptz, avg(cpu_pct), avg(mem_pct),
          avg(disk_read_bps), avg(disk_write_bps), avg(net_in_bps), avg(net_out_bps),
          max(cpu_pct), max(mem_pct), count(*)::int
        from moved group by vm_id, client_id
        on conflict (vm_id, hour) do update set
          cpu_pct = (h.cpu_pct * h.samples + excluded.cpu_pct * excluded.samples) / (h.samples + excluded.samples),
          mem_pct = (h.mem_pct * h.samples + excluded.mem_pct * excluded.samples) / (h.samples + excluded.samples),
          disk_read_bps = (h.disk_read_bps * h.samples + excluded.disk_read_bps * excluded.samples) / (h.samples + excluded.samples),
          disk_write_bps = (h.disk_write_bps * h.samples + excluded.disk_write_bps * excluded.samples) / (h.samples + excluded.samples),
          net_in_bps = (h.net_in_bps * h.samples + excluded.net_in_bps * excluded.samples) / (h.samples + excluded.samples),
          net_out_bps = (h.net_out_bps * h.samples + excluded.net_out_bps * excluded.samples) / (h.samples + excluded.samples),
          cpu_pct_max = greatest(h.cpu_pct_max, excluded.cpu_pct_max),
          mem_pct_max = greatest(h.mem_pct_max, excluded.mem_pct_max),
          samples = h.samples + excluded.samples
        returning 1
      )
      select (select count(*) from moved)::int as n`);
    samples += rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }
  await db
    .delete(vmMetricTotals)
    .where(
      sql`${vmMetricTotals.at} < ${new Date(now.getTime() - TOTALS_KEPT_MS).toISOString()}::timestamptz`,
    );
  return { hours, samples };
}

/**
 * The jobs: a sample each period (a pg-boss schedule each minute, one run across instances; below
 * a minute a timer on each instance, for browser journeys), a first sample soon after the start so
 * a fresh portal's charts have data, and the roll-up each hour.
 */
export async function scheduleVmMetrics(
  jobs: Jobs,
  deps: MetricsSamplerDeps & { clock: Clock },
): Promise<{ stop(): Promise<void> }> {
  const sample = async () => void (await sampleVmMetrics(deps, deps.clock.now()));
  await jobs.schedule(METRICS_ROLLUP_QUEUE, '7 * * * *', async () => {
    const moved = await rollUpVmMetrics(deps.db, deps.clock.now());
    if (moved.hours > 0) deps.log.info(moved, 'vm metrics rolled up');
  });
  if (deps.sampleSeconds >= 60) {
    await jobs.schedule(METRICS_SAMPLE_QUEUE, '* * * * *', sample);
    // Any job of the queue runs the sampler: this one at once rather than at the next minute.
    await jobs.send(METRICS_SAMPLE_QUEUE, {}, { singletonKey: 'start', retryLimit: 1 });
    return { stop: async () => {} };
  }
  return repeatEvery(
    deps.sampleSeconds * 1000,
    sample,
    (error) => deps.log.error({ err: error }, 'vm metrics sample failed'),
    { now: true },
  );
}
