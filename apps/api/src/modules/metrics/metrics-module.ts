import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoMetrics } from './demo-metrics.js';
import { metricsRoutes } from './routes.js';
import type { SampleListener } from './sampler.js';

/** What the metrics give: a say after each sampled period of VM metrics (the alarms take it). */
export interface MetricsGift {
  /** `listener(at)` runs once the period starting at `at` is written; added before the app is ready. */
  onSampled(listener: SampleListener): void;
}

declare module '../../platform/modules/portal-module.js' {
  interface ModuleGifts {
    metrics: MetricsGift;
  }
}

/** Per-VM metrics: sampling, roll-ups, the charts and the tenant's total. */
export const metricsModule = defineModule({
  name: 'metrics',
  // It samples the VMs.
  needs: ['compute'],
  async register({ app, config, db, clock, jobs, cloud, answers }) {
    const onSampled: SampleListener[] = [];
    await app.register(metricsRoutes, {
      db,
      clock,
      jobs,
      cloud,
      sampleSeconds: config.metricSampleSeconds,
      onSampled,
      answers,
    });
    return { onSampled: (listener) => void onSampled.push(listener) };
  },
  // The demo's running VMs' past hours of samples (what the charts and the meter read).
  demo: { seed: ({ db, clientId }) => seedDemoMetrics(db, clientId, new Date()) },
});
