import { and, count, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  METRIC_NAMES,
  METRIC_WINDOW_MS,
  VmStatus,
  type MetricName,
  type MetricVm,
  type MetricVmListQuery,
  type MetricWindow,
  type TotalMetrics,
  type TotalMetricWindow,
  type VmMetrics,
} from '@portal/shared';
import { rowsOf } from '../../db/database.js';
import { vmMetricHourly, vmMetricSamples, vmMetricTotals, vms } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { idIs, isoText, orderOf, pageOf, searchOf } from '../../platform/resources/list-query.js';
import {
  averageIntoBuckets,
  bucketTimes,
  chartFrame,
  chartStepSeconds,
  type ChartFrame,
} from './chart-buckets.js';
import { FULL_RESOLUTION_MS } from './sampler.js';

type Values = Record<MetricName, number>;

/** A row's metrics as numbers (PostgreSQL's real and double arrive as numbers on both drivers). */
const valuesOf = (row: Values): Values => ({
  cpuPct: Number(row.cpuPct),
  memPct: Number(row.memPct),
  diskReadBps: Number(row.diskReadBps),
  diskWriteBps: Number(row.diskWriteBps),
  netInBps: Number(row.netInBps),
  netOutBps: Number(row.netOutBps),
});

type MetricTable = typeof vmMetricSamples | typeof vmMetricHourly | typeof vmMetricTotals;

const metricFields = (t: MetricTable) => ({
  cpuPct: t.cpuPct,
  memPct: t.memPct,
  diskReadBps: t.diskReadBps,
  diskWriteBps: t.diskWriteBps,
  netInBps: t.netInBps,
  netOutBps: t.netOutBps,
});

/** A bucket as PostgreSQL averaged it: its index in the frame, its weight, and how many rows. */
type BucketRow = Values & { i: number; w: number; n: number; vms?: number };

/** The index of the bucket a time column falls in. */
const bucketOf = (frame: ChartFrame, column: SQL | AnyColumn) =>
  sql`floor((extract(epoch from ${column}) * 1000 - ${frame.from}::float8) / ${frame.stepMs}::float8)::int`;

/**
 * Rows of a chart, averaged per bucket by PostgreSQL (a day of one VM is 1,440 rows read from
 * the primary key, 288 sent): each source gives a time, a weight (1 a sample, the sample count
 * of an hour) and the metrics; `extra` names columns averaged besides (the total's VM count).
 */
async function bucketRows(
  tenant: TenantScope,
  frame: ChartFrame,
  sources: { table: MetricTable; time: AnyColumn; weight: SQL; where: SQL; extra?: SQL }[],
): Promise<BucketRow[]> {
  const extra = sources.some((source) => source.extra);
  const from = new Date(frame.from).toISOString();
  const to = new Date(frame.to).toISOString();
  const parts = sources.map(
    ({ table, time, weight, where, extra: more }) => sql`
      select ${bucketOf(frame, time)} as i, ${weight}::float8 as w, ${table.cpuPct}::float8 as cpu,
        ${table.memPct}::float8 as mem, ${table.diskReadBps} as dr, ${table.diskWriteBps} as dw,
        ${table.netInBps} as ni, ${table.netOutBps} as no${more ? sql`, ${more}::float8 as vms` : sql``}
      from ${table}
      where ${where} and ${time} >= ${from}::timestamptz and ${time} < ${to}::timestamptz`,
  );
  const avg = (column: string) => sql.raw(`sum(${column} * w) / sum(w)`);
  const rows = await tenant.db.execute(sql`
    select i, sum(w)::float8 as w, count(*)::int as n, ${avg('cpu')} as "cpuPct", ${avg('mem')} as "memPct",
      ${avg('dr')} as "diskReadBps", ${avg('dw')} as "diskWriteBps", ${avg('ni')} as "netInBps",
      ${avg('no')} as "netOutBps"${extra ? sql`, ${avg('vms')} as vms` : sql``}
    from (${sql.join(parts, sql` union all `)}) as readings
    group by i order by i`);
  return rowsOf<BucketRow>(rows);
}

/** The buckets' rows as weighted readings at each bucket's start, for averageIntoBuckets. */
const asReadings = (frame: ChartFrame, rows: BucketRow[]) =>
  rows.map((r) => ({
    at: frame.from + Number(r.i) * frame.stepMs,
    weight: Number(r.w),
    values: { ...valuesOf(r), vms: Number(r.vms ?? 0) },
  }));

const countOf = (rows: BucketRow[]) => rows.reduce((n, r) => n + Number(r.n), 0);

export interface MetricsServiceDeps {
  clock: Clock;
  /** The sampling period, told to the pages so they ask again as often as samples come. */
  sampleSeconds: number;
}

/** The metrics pages' reads; every one is the caller's tenant's (another tenant's VM is a 404). */
export function createMetricsService({ clock, sampleSeconds }: MetricsServiceDeps) {
  /** The caller's VM, or 404. */
  async function ownVm(tenant: TenantScope, vmId: string) {
    const [vm] = await tenant.db
      .select({ uuid: vms.id, name: vms.name, status: vms.status })
      .from(vms)
      .where(tenant.own(vms, idIs(vms.id, vmId)));
    if (!vm) throw notFound('VM_NOT_FOUND');
    return { ...vm, status: vm.status as VmStatus };
  }

  /**
   * The frame of a chart over `window` that ends now, its first and last times, and the fields of
   * the answer that describe it (window, range, step, bucket times, sampling period).
   */
  function chartOf<W extends MetricWindow>(window: W) {
    const windowMs = METRIC_WINDOW_MS[window];
    const stepSeconds = chartStepSeconds(windowMs, sampleSeconds);
    const frame = chartFrame(clock.now(), windowMs, stepSeconds);
    const from = new Date(frame.from);
    const to = new Date(frame.to);
    const described = {
      window,
      from: from.toISOString(),
      to: to.toISOString(),
      stepSeconds,
      at: bucketTimes(frame),
      sampleSeconds,
    };
    return { windowMs, frame, from, to, described };
  }

  return {
    /**
     * A VM's chart: its minute samples in the window (the primary key's range), and for windows
     * beyond the day of full resolution the hourly roll-ups before it, averaged into buckets.
     */
    async vmMetrics(tenant: TenantScope, vmId: string, window: MetricWindow): Promise<VmMetrics> {
      const vm = await ownVm(tenant, vmId);
      const { windowMs, frame, from, to, described } = chartOf(window);
      const s = vmMetricSamples;
      const h = vmMetricHourly;
      const sources = [
        { table: s, time: s.at, weight: sql`1`, where: tenant.own(s, eq(s.vmId, vm.uuid)) },
        // Beyond the day kept whole, the hours rolled up before it.
        ...(windowMs > FULL_RESOLUTION_MS
          ? [{ table: h, time: h.hour, weight: sql`${h.samples}`, where: tenant.own(h, eq(h.vmId, vm.uuid)) }]
          : []),
      ];
      const [rows, [last]] = await Promise.all([
        bucketRows(tenant, frame, sources),
        // The newest sample of the window: the primary key read backwards, one row.
        tenant.db
          .select({ at: isoText(s.at), ...metricFields(s) })
          .from(s)
          .where(tenant.own(s, and(eq(s.vmId, vm.uuid), gte(s.at, from), lt(s.at, to))))
          .orderBy(desc(s.at))
          .limit(1),
      ]);
      const { series } = averageIntoBuckets(frame, asReadings(frame, rows), METRIC_NAMES);
      return {
        vm,
        ...described,
        samples: countOf(rows),
        series,
        latest: last ? { at: last.at!, ...valuesOf(last) } : null,
      };
    },

    /**
     * The tenant's total: the per-period totals the sampler writes (a day is at most 1,440 rows
     * per sampled minute, however many VMs), averaged into buckets; and its running VMs now.
     */
    async totalMetrics(tenant: TenantScope, window: TotalMetricWindow): Promise<TotalMetrics> {
      const { frame, from, to, described } = chartOf(window);
      const t = vmMetricTotals;
      const [rows, [last], [running]] = await Promise.all([
        bucketRows(tenant, frame, [
          { table: t, time: t.at, weight: sql`1`, where: tenant.own(t), extra: sql`${t.vms}` },
        ]),
        tenant.db
          .select({ at: isoText(t.at), vms: t.vms, ...metricFields(t) })
          .from(t)
          .where(tenant.own(t, and(gte(t.at, from), lt(t.at, to))))
          .orderBy(desc(t.at))
          .limit(1),
        tenant.db
          .select({ n: count() })
          .from(vms)
          .where(tenant.own(vms, eq(vms.status, VmStatus.RUNNING))),
      ]);
      const names = [...METRIC_NAMES, 'vms'] as const;
      const { series } = averageIntoBuckets(frame, asReadings(frame, rows), names);
      const samples = countOf(rows);
      return {
        ...described,
        samples,
        series,
        latest: last ? { at: last.at!, ...valuesOf(last), vms: last.vms } : null,
        runningVms: running?.n ?? 0,
      };
    },

    /** The VM filter: the tenant's VMs by name (the client-name index), searched by name or address. */
    async vmList(tenant: TenantScope, query: MetricVmListQuery) {
      const where = tenant.own(vms, searchOf(query.search, [vms.name, vms.privateIp]));
      const page = pageOf(query);
      const ordered = tenant.db
        .select({ uuid: vms.id, name: vms.name, status: vms.status, privateIP: vms.privateIp })
        .from(vms)
        .where(where)
        .orderBy(...orderOf({ name: vms.name }, vms.id, query, { sort: 'name', orderby: 'asc' }));
      const [rows, [total]] = await Promise.all([
        page.limit === undefined ? ordered : ordered.limit(page.limit).offset(page.offset),
        tenant.db.select({ n: count() }).from(vms).where(where),
      ]);
      return {
        records: rows.map((r): MetricVm => ({ ...r, status: r.status as VmStatus })),
        total: total?.n ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
