import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lt } from 'drizzle-orm';
import { alarmFiringSchema, alarmHistoryQuerySchema, uuidParamsSchema } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { alarmFirings } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { pageRoute } from '../../platform/page-route.js';
import { resourceContext } from '../../platform/resources/context.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import { ALARM_MAILS_QUEUE, deliverAlarmMails, type AlarmEvaluator } from './alarm-evaluator.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { alarmHistory } from './alarm-repository.js';
import { ALARM_BUDGET_CHECK_QUEUE, alarmResource } from './alarm-resource.js';

/** Budget alarms are evaluated every hour (a pg-boss schedule: one run across instances). */
export const ALARM_BUDGET_QUEUE = 'alarm.budget';
export const ALARM_BUDGET_CRON = '7 * * * *';
/** Old history goes once a day: an alarm that flaps every minute would write 1,440 entries a day. */
export const ALARM_HISTORY_QUEUE = 'alarm.history-prune';
export const ALARM_HISTORY_DAYS = 90;

export interface AlarmDeps extends ResourceDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  mail: MailQueue;
  publicUrl: string;
  registry: ResourceRegistry;
  evaluator: AlarmEvaluator;
}

/** Delete history entries older than ALARM_HISTORY_DAYS; how many went. */
export async function pruneAlarmHistory(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ALARM_HISTORY_DAYS * 86_400_000);
  const gone = await db
    .delete(alarmFirings)
    .where(lt(alarmFirings.at, before))
    .returning({ id: alarmFirings.id });
  return gone.length;
}

/**
 * Alarms (menu group "monitor", log code 10022; docs/alarms-api.md): the resource's routes, an
 * alarm's history, and the budget schedule. Metric alarms are evaluated by the metrics sampler,
 * which calls `evaluator.evaluateAlarms(at)` after each minute of samples.
 */
export const alarmRoutes: FastifyPluginAsync<AlarmDeps> = async (app, deps) => {
  const { db, clock, jobs, mail, publicUrl, operations, evaluator } = deps;
  registerResource(app, alarmResource({ clock, jobs, mail, publicUrl }) as never, deps, deps.registry);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/alarms/:uuid/history',
    pageRoute({
      config: { authority: 'monitor/alarm' },
      tags: ['alarms'],
      summary: "An alarm's history, newest first: breaches, manual triggers, recoveries, missing data",
      params: uuidParamsSchema,
      querystring: alarmHistoryQuerySchema,
      record: alarmFiringSchema,
    }),
    async (request) => {
      if (!isUuid(request.params.uuid)) throw notFound();
      return {
        data: await alarmHistory(
          resourceContext(request, operations),
          request.params.uuid.toLowerCase(),
          request.query,
        ),
      };
    },
  );

  await jobs.work<{ mails: Mail[] }>(ALARM_MAILS_QUEUE, (data) => deliverAlarmMails(db, mail, data.mails));
  await jobs.work<{ alarmId: string }>(ALARM_BUDGET_CHECK_QUEUE, async (data) => {
    await evaluator.evaluateBudgetAlarms(clock.now(), [data.alarmId]);
  });
  await jobs.schedule(ALARM_BUDGET_QUEUE, ALARM_BUDGET_CRON, async () => {
    await evaluator.evaluateBudgetAlarms(clock.now());
  });
  await jobs.schedule(ALARM_HISTORY_QUEUE, '17 3 * * *', async () => {
    await pruneAlarmHistory(db, clock.now());
  });
};
