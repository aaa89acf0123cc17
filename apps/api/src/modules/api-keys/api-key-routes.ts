import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema } from '@portal/shared';
import { SIGNED_IN, signedIn } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import type { ApiKeyService } from './api-key-service.js';

const params = z.object({ id: z.string().max(64) });
const audit = (action: 'apiKey.create' | 'apiKey.revoke') => ({
  action,
  target: 'apiKey',
  detail: (_request: unknown, data: unknown) =>
    typeof data === 'object' && data !== null && 'name' in data ? { keyName: data.name } : {},
});

/**
 * The caller's own API keys (console route apiKeys): any signed-in user, in the console only (a
 * key reaches none of these, so a stolen one cannot make more).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeyService }> = async (app, { keys }) => {
  app.get(
    '/api/api-keys',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['api-keys'],
        summary: 'The caller’s API keys, newest first (never their secrets)',
        response: replies(z.array(apiKeySchema)),
      },
    },
    async (request) => ({ data: await keys.list(signedIn(request)) }),
  );

  app.post(
    '/api/api-keys',
    {
      config: { authority: SIGNED_IN, audit: audit('apiKey.create') },
      schema: {
        tags: ['api-keys'],
        summary: 'Make an API key: its secret is in this answer only',
        body: apiKeyCreateSchema,
        response: replies(apiKeyCreatedSchema),
      },
    },
    async (request) => ({ data: await keys.create(signedIn(request), request.body) }),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { authority: SIGNED_IN, audit: audit('apiKey.revoke') },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key: the next call with it is refused',
        params,
        response: replies(apiKeySchema),
      },
    },
    async (request) => ({ data: await keys.revoke(signedIn(request), request.params.id) }),
  );
};
