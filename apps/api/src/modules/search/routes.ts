import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAnswerSchema, searchQuerySchema } from '@portal/shared';
import { SIGNED_IN, signedIn } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import { search } from './search-service.js';

/**
 * The console search (Ctrl+K; docs/search-api.md): any signed-in user may ask, and each kind is
 * then asked only when the caller's authority lets them view it.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { authority: SIGNED_IN, keep: 'rows' },
      schema: {
        tags: ['search'],
        summary:
          'Find the tenant’s VMs, addresses, disks, snapshots and their rules, VPCs, firewalls, load balancers, CCX clusters, cloud exchanges and credentials, buckets, alarms, orders, tickets and IAM users by name, id or IP, as far as the caller may view them',
        querystring: searchQuerySchema,
        response: replies(searchAnswerSchema),
      },
    },
    async (request) => ({ data: await search(signedIn(request), request.query) }),
  );
};
