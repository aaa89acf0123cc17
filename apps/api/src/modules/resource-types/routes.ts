import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceTypeSchema, cacheBusterQuerySchema } from '@portal/shared';
import { replies } from '../../platform/responses.js';
import type { ResourceTypeService } from './service.js';

const BASE = '/api/productManagement/resourceTypeManagement/modifyResourceType';

/** `t` is the web's cache-busting timestamp (spec section 7); it changes nothing here. */

export const resourceTypeRoutes: FastifyPluginAsyncZod<{ resourceTypes: ResourceTypeService }> = async (
  app,
  { resourceTypes },
) => {
  app.get(
    BASE,
    {
      // The product menu of the public portal needs it before anyone signs in.
      config: { authority: null },
      schema: {
        tags: ['products'],
        summary: 'The cloud products',
        querystring: cacheBusterQuerySchema,
        response: replies(z.array(resourceTypeSchema)),
      },
    },
    async () => ({ data: await resourceTypes.list() }),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { authority: null },
      schema: {
        tags: ['products'],
        summary: 'One cloud product',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: cacheBusterQuerySchema,
        response: replies(resourceTypeSchema),
      },
    },
    async (request) => ({ data: await resourceTypes.get(request.params.id) }),
  );
};
