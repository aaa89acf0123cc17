import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bucketKeyCreatedSchema,
  bucketKeyCreateSchema,
  bucketKeyListQuerySchema,
  bucketKeySchema,
  uuidParamsSchema,
} from '@portal/shared';
import { z } from 'zod';
import type { Operations } from '../../../platform/operations/operations.js';
import { replies } from '../../../platform/responses.js';
import { pageRoute } from '../../../platform/page-route.js';
import { resourceContext } from '../../../platform/resources/context.js';
import type { BucketKeyService } from './bucket-keys.js';

const keyParamsSchema = z.object({ id: uuidParamsSchema.shape.uuid });

/** API secret keys: listed (never with their secrets), created (the secret answered once), deleted. */
export function registerBucketKeyRoutes(
  app: FastifyInstance,
  keys: BucketKeyService,
  operations: Operations,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['buckets'];
  r.get(
    '/api/bucket-keys',
    pageRoute({
      config: { authority: 'storage/bucket' },
      tags,
      summary: "The customer's API secret keys, newest first; bucketName: only the keys of that bucket",
      querystring: bucketKeyListQuerySchema,
      record: bucketKeySchema,
    }),
    async (request) => ({ data: await keys.list(resourceContext(request, operations), request.query) }),
  );
  r.post(
    '/api/bucket-keys',
    {
      config: {
        authority: 'storage/bucket/manage',
        audit: { action: 'bucketKey.create', target: 'bucketKey' },
      },
      schema: {
        tags,
        summary:
          'Create a key for every bucket (bucketName null) or one; the only answer with its secret (BUCKET_KEYS_OVER_LIMIT past 20, BUCKET_KEYS_NOT_ISSUED)',
        body: bucketKeyCreateSchema,
        response: replies(bucketKeyCreatedSchema),
      },
    },
    async (request) => ({ data: await keys.create(resourceContext(request, operations), request.body) }),
  );
  r.delete(
    '/api/bucket-keys/:id',
    {
      config: {
        authority: 'storage/bucket/manage',
        audit: { action: 'bucketKey.delete', target: 'bucketKey' },
      },
      schema: {
        tags,
        summary: 'Delete a key: S3 refuses it from then on; the answer is the key as it was',
        params: keyParamsSchema,
        response: replies(bucketKeySchema),
      },
    },
    async (request) => ({ data: await keys.remove(resourceContext(request, operations), request.params.id) }),
  );
}
