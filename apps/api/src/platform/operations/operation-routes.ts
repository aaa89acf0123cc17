import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasAuthority, operationSchema, type Operation } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { operations } from '../../db/schema/index.js';
import { SIGNED_IN, signedIn } from '../authority-guard.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { replies } from '../responses.js';

/**
 * One cloud operation of the caller's, for a script that waits on it (`portal vm start --wait`):
 * keys may call it. It is the caller's, and of a kind the caller may see, or 404.
 */
export const operationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operations/:id',
    {
      config: { authority: SIGNED_IN, keys: true },
      schema: {
        tags: ['operations'],
        summary:
          'A cloud operation a change started (named in its answer’s X-Operation-Id header): queued, running, succeeded or failed',
        params: z.object({ id: z.string().max(64) }),
        response: replies(operationSchema),
      },
    },
    async (request): Promise<{ data: Operation }> => {
      const auth = signedIn(request);
      const id = request.params.id.toLowerCase();
      if (!isUuid(id)) throw notFound();
      const [op] = await auth.tenant.select(operations, eq(operations.id, id));
      const kind = op && app.resources.get(op.resourceType);
      if (!op || !kind || !hasAuthority(auth.authority, kind.authority.view)) throw notFound();
      return {
        data: {
          id: op.id,
          kind: op.kind,
          state: op.state,
          resourceType: op.resourceType,
          resourceId: op.resourceId,
          error: op.error,
          createdAt: op.createdAt.toISOString(),
          finishedAt: op.finishedAt?.toISOString() ?? null,
        },
      };
    },
  );
};
