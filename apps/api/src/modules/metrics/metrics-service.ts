import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
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
import { vmMetricHourly, vmMetricSamples, vmMetricTotals, vms } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { idIs, isoText, orderOf, pageOf, searchOf } from '../../platform/resources/list-query.js';
import { averageIntoBuckets, bucketTimes, chartFrame, chartStepSeconds } from './chart-buckets.js';
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

const metricFields = <T extends typeof vmMetricSamples | typeof vmMetricHourly | typeof vmMetricTotals>(
  t: T,
) => ({
  cpuPct: t.cpuPct,
  memPct: t.memPct,
  diskReadBps: t.diskReadBps,
  diskWriteBps: t.diskWriteBps,
  netInBps: t.netInBps,
  netOutBps: t.netOutBps,
});

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
    if (!vm) throw notFound();
    return { ...vm, status: vm.status as VmStatus };
  }

  return {
    /**
     * A VM's chart: its minute samples in the window (the primary key's range), and for windows
     * beyond the day of full resolution the hourly roll-ups before it, averaged into buckets.
     */
    async vmMetrics(tenant: TenantScope, vmId: string, window: MetricWindow): Promise<VmMetrics> {
      const vm = await ownVm(tenant, vmId);
      const windowMs = METRIC_WINDOW_MS[window];
      const stepSeconds = chartStepSeconds(windowMs, sampleSeconds);
      const now = clock.now();
      const frame = chartFrame(now, windowMs, stepSeconds);
      const from = new Date(frame.from);
      const to = new Date(frame.to);
      const s = vmMetricSamples;
      const samplesQuery = tenant.db
        .select({ at: isoText(s.at), ...metricFields(s) })
        .from(s)
        .where(tenant.own(s, and(eq(s.vmId, vm.uuid), gte(s.at, from), lt(s.at, to))))
        .orderBy(asc(s.at));
      const h = vmMetricHourly;
      const hourlyQuery =
        windowMs > FULL_RESOLUTION_MS
          ? tenant.db
              .select({ at: isoText(h.hour), samples: h.samples, ...metricFields(h) })
              .from(h)
              .where(tenant.own(h, and(eq(h.vmId, vm.uuid), gte(h.hour, from), lt(h.hour, to))))
              .orderBy(asc(h.hour))
          : Promise.resolve([]);
      const [samples, hours] = await Promise.all([samplesQuery, hourlyQuery]);
      const readings = [
        ...hours.map((r) => ({ at: Date.parse(r.at!), weight: r.samples, values: valuesOf(r) })),
        ...samples.map((r) => ({ at: Date.parse(r.at!), weight: 1, values: valuesOf(r) })),
      ];
      const { series, samples: counted } = averageIntoBuckets(frame, readings, METRIC_NAMES);
      const last = samples.at(-1);
      return {
        vm,
        window,
        from: from.toISOString(),
        to: to.toISOString(),
        stepSeconds,
        at: bucketTimes(frame),
        sampleSeconds,
        samples: counted,
        series,
        latest: last ? { at: last.at!, ...valuesOf(last) } : null,
      };
    },

    /**
     * The tenant's total: the per-period totals the sampler writes (a day is at most 1,440 rows
     * per sampled minute, however many VMs), averaged into buckets; and its running VMs now.
     */
    async totalMetrics(tenant: TenantScope, window: TotalMetricWindow): Promise<TotalMetrics> {
      const windowMs = METRIC_WINDOW_MS[window];
      const stepSeconds = chartStepSeconds(windowMs, sampleSeconds);
      const frame = chartFrame(clock.now(), windowMs, stepSeconds);
      const from = new Date(frame.from);
      const to = new Date(frame.to);
      const t = vmMetricTotals;
      const [rows, [running]] = await Promise.all([
        tenant.db
          .select({ at: isoText(t.at), vms: t.vms, ...metricFields(t) })
          .from(t)
          .where(tenant.own(t, and(gte(t.at, from), lt(t.at, to))))
          .orderBy(asc(t.at)),
        tenant.db
          .select({ n: count() })
          .from(vms)
          .where(tenant.own(vms, eq(vms.status, VmStatus.RUNNING))),
      ]);
      const names = [...METRIC_NAMES, 'vms'] as const;
      const { series, samples } = averageIntoBuckets(
        frame,
        rows.map((r) => ({ at: Date.parse(r.at!), weight: 1, values: { ...valuesOf(r), vms: r.vms } })),
        names,
      );
      const last = rows.at(-1);
      return {
        window,
        from: from.toISOString(),
        to: to.toISOString(),
        stepSeconds,
        at: bucketTimes(frame),
        sampleSeconds,
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
