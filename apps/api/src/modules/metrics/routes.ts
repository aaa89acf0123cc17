import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  metricVmListQuerySchema,
  metricVmSchema,
  pagedSchema,
  totalMetricsQuerySchema,
  totalMetricsSchema,
  vmMetricsParamsSchema,
  vmMetricsQuerySchema,
  vmMetricsSchema,
} from '@portal/shared';
import type { CloudDriver } from '../../cloud/driver.js';
import type { Db } from '../../db/database.js';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { replies } from '../../platform/responses.js';
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
}

/**
 * Per-VM metrics (issue 13, log code 10021; docs/metrics-api.md): the sampling and roll-up jobs,
 * a VM's chart, the tenant's total, and the VM filter of the pages.
 */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsRoutesOptions> = async (app, options) => {
  const { db, clock, jobs, cloud, sampleSeconds, onSampled } = options;
  const service = createMetricsService({ clock, sampleSeconds });

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
    {
      config: { authority: VIEW },
      schema: {
        tags: ['metrics'],
        summary: "The VM filter of the metrics pages: the tenant's VMs by name, searched by name or address",
        querystring: metricVmListQuerySchema,
        response: replies(pagedSchema(metricVmSchema)),
      },
    },
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
    async (request) => ({
      data: await service.vmMetrics(signedIn(request).tenant, request.params.vmId, request.query.window),
    }),
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
    async (request) => ({ data: await service.totalMetrics(signedIn(request).tenant, request.query.window) }),
  );
};
