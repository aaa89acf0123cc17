import { defineModule } from '../../platform/modules/portal-module.js';
import { createAlarmEvaluator } from './alarm-evaluator.js';
import { alarmRoutes } from './routes.js';

/** Metric and budget alarms: their resource, their evaluation and their mails. */
export const alarmsModule = defineModule({
  name: 'alarms',
  // Metric alarms are evaluated on each new period of samples; budget alarms hourly, on the spend.
  needs: ['metrics', 'usage'],
  async register({ app, deps, config, db, clock, jobs, mail, log, resourceDeps }, { metrics, usage }) {
    const publicUrl = config.publicUrl;
    const evaluator = createAlarmEvaluator({
      db,
      jobs,
      log,
      publicUrl,
      spendOf: deps.spendOf ?? usage.spendOf,
    });
    app.decorate('alarmEvaluator', evaluator);
    metrics.onSampled(async (at) => {
      await evaluator.evaluateAlarms(at);
    });
    await app.register(alarmRoutes, { db, clock, jobs, mail, publicUrl, ...resourceDeps, evaluator });
  },
});
