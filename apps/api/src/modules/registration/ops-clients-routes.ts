import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsClientQuerySchema, opsClientSchema, opsSuspendSchema } from '@portal/shared';
import { STAFF, staffActor } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import type { OpsClientsService } from './ops-clients-service.js';

const idParams = z.object({ id: z.string().max(64) });

/** The customers under /api/ops/clients: listed, suspended and resumed by staff. */
export const opsClientsRoutes: FastifyPluginAsyncZod<{ clients: OpsClientsService }> = async (
  app,
  { clients },
) => {
  app.get(
    '/api/ops/clients',
    pageRoute({
      config: { authority: STAFF },
      tags: ['ops'],
      summary: 'Customers, newest first, by part of the client number or company name',
      querystring: opsClientQuerySchema,
      record: opsClientSchema,
    }),
    async (request) => ({ data: await clients.list(request.query) }),
  );
  app.post(
    '/api/ops/clients/:id/suspend',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Suspend the service: no user of the customer can sign in, and its sessions end',
        params: idParams,
        body: opsSuspendSchema,
        response: replies(opsClientSchema),
      },
    },
    async (request) => ({
      data: await clients.suspend(request.params.id, request.body.reason, staffActor(request)),
    }),
  );
  app.post(
    '/api/ops/clients/:id/resume',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Lift the suspension: the customer’s users may sign in again',
        params: idParams,
        response: replies(opsClientSchema),
      },
    },
    async (request) => ({ data: await clients.resume(request.params.id, staffActor(request)) }),
  );
};
