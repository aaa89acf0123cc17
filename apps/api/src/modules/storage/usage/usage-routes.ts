import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bucketParamsSchema, bucketUsageQuerySchema, bucketUsageSchema } from '@portal/shared';
import type { Clock } from '../../../platform/clock.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { replies } from '../../../platform/responses.js';
import { resourceContext } from '../../../platform/resources/context.js';
import { bucketUsage } from './bucket-usage.js';

/** A bucket's usage history: its size and object count at each measure. */
export function registerUsageRoutes(app: FastifyInstance, clock: Clock, operations: Operations) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/buckets/:name/usage',
    {
      config: { authority: 'storage/bucket' },
      schema: {
        tags: ['buckets'],
        summary:
          "A bucket's size and object count at each measure of the last `days` days (1-365, 30), oldest first",
        params: bucketParamsSchema,
        querystring: bucketUsageQuerySchema,
        response: replies(bucketUsageSchema),
      },
    },
    async (request) => ({
      data: await bucketUsage(
        resourceContext(request, operations),
        clock,
        request.params.name,
        request.query.days,
      ),
    }),
  );
}
