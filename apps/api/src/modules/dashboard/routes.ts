import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ccisToday, dashboardSchema, cacheBusterQuerySchema } from '@portal/shared';
import { sendKeptData, viewKey } from '../../platform/resources/kept-answer.js';
import type { ListCache } from '../../platform/resources/list-cache.js';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import { replies } from '../../platform/responses.js';
import { createDashboardService, type DashboardSources } from './dashboard-service.js';

/**
 * The console's dashboard (route dashboard, log code 10009; docs/dashboard-api.md): one call with
 * the counts of every kind the caller may see, usage against the product's limits and the spend.
 * The page asks again about every minute.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<
  { clock: Clock; answers: ListCache } & DashboardSources
> = async (app, deps) => {
  const service = createDashboardService(deps);

  app.get(
    '/api/dashboard',
    {
      config: { authority: 'dashboard' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Counts per kind and state of what the caller may see, usage against limits, the month’s spend',
        querystring: cacheBusterQuerySchema,
        response: replies(dashboardSchema),
      },
    },
    // Kept while nothing it counts changed (decision 0028): the tenant's rows (viewKey), the
    // meter's last hour (the spend) and the customer's day (the valuation's date).
    async (request, reply) => {
      const auth = signedIn(request);
      const key = `dashboard:${viewKey(auth)}:${auth.meteredThrough}:${ccisToday(deps.clock.now(), auth.client.timeZone)}`;
      return sendKeptData(reply, deps.answers, key, () => service.dashboard(auth));
    },
  );
};
