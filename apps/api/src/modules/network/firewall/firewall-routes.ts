import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firewallRuleSchema, uuidParamsSchema, cacheBusterQuerySchema } from '@portal/shared';
import { notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceContext } from '../../../platform/resources/context.js';
import { replies } from '../../../platform/responses.js';
import { listFirewallRules } from './firewall-repository.js';

/**
 * A firewall's rules in order (`GET /api/firewalls/{uuid}/rules`): the edit page and the VM's
 * security tab read them. They change with the firewall (PATCH carries the whole list).
 */
export const firewallRuleRoutes: FastifyPluginAsync<{ operations: Operations }> = async (plain, deps) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/firewalls/:uuid/rules',
    {
      config: { authority: 'network/firewall', keep: 'rows' },
      schema: {
        tags: ['firewalls'],
        summary: "A firewall's rules, in the order the cloud applies them",
        params: uuidParamsSchema,
        querystring: cacheBusterQuerySchema,
        response: replies(z.array(firewallRuleSchema)),
      },
    },
    async (request) => {
      const id = request.params.uuid;
      if (!isUuid(id)) throw notFound('FIREWALL_NOT_FOUND');
      return { data: await listFirewallRules(resourceContext(request, deps.operations), id.toLowerCase()) };
    },
  );
};
