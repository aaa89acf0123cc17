import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@portal/shared';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import { replies } from '../../platform/responses.js';
import { createDashboardService, type DashboardSources } from './dashboard-service.js';

const cacheBuster = z.object({ t: z.coerce.number().optional() });

/**
 * The console's dashboard (route dashboard, log code 10009; docs/dashboard-api.md): one call with
 * the counts of every kind the caller may see, usage against the product's limits and the spend.
 * The page asks again about every minute.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ clock: Clock } & DashboardSources> = async (
  app,
  deps,
) => {
  const service = createDashboardService(deps);

  app.get(
    '/api/dashboard',
    {
      config: { authority: 'dashboard' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Counts per kind and state of what the caller may see, usage against limits, the month’s spend',
        querystring: cacheBuster,
        response: replies(dashboardSchema),
      },
    },
    async (request) => ({ data: await service.dashboard(signedIn(request)) }),
  );
};
