import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isUuid,
  metricVmListQuerySchema,
  metricVmSchema,
  totalMetricsQuerySchema,
  totalMetricsSchema,
  vmMetricsParamsSchema,
  vmMetricsQuerySchema,
  vmMetricsSchema,
} from '@portal/shared';
import type { CloudDriver } from '../../cloud/driver.js';
import { rowsOf, type Db } from '../../db/database.js';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { sendKeptData, viewKey } from '../../platform/resources/kept-answer.js';
import type { ListCache } from '../../platform/resources/list-cache.js';
import { createMetricsService } from './metrics-service.js';
import { scheduleVmMetrics, type SampleListener } from './sampler.js';

/** Seeing usage is `monitor/usage` (view): the console's singleVM, singleVMDetail and totalUsage. */
const VIEW = 'monitor/usage';

export interface MetricsRoutesOptions {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  cloud: Pick<CloudDriver, 'readMetrics'>;
  /** METRIC_SAMPLE_SECONDS. */
  sampleSeconds: number;
  /** Told after each sampled period (the alarm evaluator); the app may add to it until it starts. */
  onSampled: SampleListener[];
  /** Answers kept by what they are made from (kept-answer.ts). */
  answers: ListCache;
}

/**
 * Per-VM metrics (issue 13, log code 10021; docs/metrics-api.md): the sampling and roll-up jobs,
 * a VM's chart, the tenant's total, and the VM filter of the pages.
 */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsRoutesOptions> = async (app, options) => {
  const { db, clock, jobs, cloud, sampleSeconds, onSampled, answers } = options;
  const service = createMetricsService({ clock, sampleSeconds });
  /**
   * A chart's key (decision 0028): the tenant's rows (the VM and its running state), the last
   * minute sampled (of the VM; of the tenant's total, which the sampler writes after its VMs'
   * samples) and the sample period of the clock (the chart's frame moves on with it).
   */
  const chartKey = async (auth: AuthContext, vmId: string | null, question: string) => {
    const last = vmId
      ? sql`SELECT max(at)::text AS at FROM vm_metric_samples WHERE vm_id = ${vmId} AND client_id = ${auth.tenant.clientId}`
      : sql`SELECT max(at)::text AS at FROM vm_metric_totals WHERE client_id = ${auth.tenant.clientId}`;
    const [row] = rowsOf<{ at: string | null }>(await auth.tenant.db.execute(last));
    const period = Math.floor(clock.now().getTime() / (sampleSeconds * 1000));
    return `metrics:${viewKey(auth)}:${row?.at ?? ''}:${period}:${vmId}:${question}`;
  };

  // Started once the app is ready (every listener is in by then), stopped before the job queue.
  let sampler: Awaited<ReturnType<typeof scheduleVmMetrics>> | undefined;
  app.addHook('onReady', async () => {
    sampler = await scheduleVmMetrics(jobs, {
      db,
      clock,
      driver: cloud,
      log: app.log,
      sampleSeconds,
      onSampled,
    });
  });
  app.addHook('onClose', async () => sampler?.stop());

  app.get(
    '/api/metrics/vms',
    pageRoute({
      config: { authority: VIEW, keep: 'rows' },
      tags: ['metrics'],
      summary: "The VM filter of the metrics pages: the tenant's VMs by name, searched by name or address",
      querystring: metricVmListQuerySchema,
      record: metricVmSchema,
    }),
    async (request) => ({ data: await service.vmList(signedIn(request).tenant, request.query) }),
  );

  app.get(
    '/api/metrics/vms/:vmId',
    {
      config: { authority: VIEW },
      schema: {
        tags: ['metrics'],
        summary:
          "A VM's CPU, memory, disk and network over a window (15m, 1h, 12h, 1d; 7d and 30d from the hourly roll-up), " +
          'averaged into at most 300 buckets',
        params: vmMetricsParamsSchema,
        querystring: vmMetricsQuerySchema,
        response: replies(vmMetricsSchema),
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const { vmId } = request.params;
      const chart = () => service.vmMetrics(auth.tenant, vmId, request.query.window);
      // An id that is no uuid names no VM: the service answers it (VM_NOT_FOUND).
      if (!isUuid(vmId)) return { data: await chart() };
      return sendKeptData(reply, answers, await chartKey(auth, vmId, request.query.window), chart);
    },
  );

  app.get(
    '/api/metrics/total',
    {
      config: { authority: VIEW },
      schema: {
        tags: ['metrics'],
        summary:
          "The tenant's total over a window: average CPU and memory of the VMs reporting, summed disk and network, how many reported",
        querystring: totalMetricsQuerySchema,
        response: replies(totalMetricsSchema),
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const key = await chartKey(auth, null, request.query.window);
      return sendKeptData(reply, answers, key, () => service.totalMetrics(auth.tenant, request.query.window));
    },
  );
};
