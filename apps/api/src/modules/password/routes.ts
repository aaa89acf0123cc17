import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailCaptchaSchema, emailResultSchema, newPasswordSchema, okSchema } from '@portal/shared';
import { replies } from '../../platform/responses.js';
import type { PasswordService } from './service.js';

const guidParams = z.object({ guid: z.string().max(64) });
const PUBLIC = { authority: null };

/** Password recovery (log code 10002) and the first password from the approval mail (10004). */
export const passwordRoutes: FastifyPluginAsyncZod<{ password: PasswordService }> = async (
  app,
  { password },
) => {
  app.post(
    '/api/password/forget',
    {
      config: PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Mail a reset link (same answer whether or not the address has an account)',
        body: emailCaptchaSchema,
        response: replies(emailResultSchema),
      },
    },
    async (request) => ({ data: await password.forget(request.body, request.lang) }),
  );
  app.get(
    '/api/password/reset/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Whether a reset link still works',
        params: guidParams,
        response: replies(emailResultSchema),
      },
    },
    async (request) => ({ data: await password.checkReset(request.params.guid) }),
  );
  app.post(
    '/api/password/reset/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Choose a new password; ends every session of the user',
        params: guidParams,
        body: newPasswordSchema,
        response: replies(okSchema),
      },
    },
    async (request) => ({ data: await password.reset(request.params.guid, request.body) }),
  );
  app.get(
    '/api/password/set/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Whether a set-password link still works',
        params: guidParams,
        response: replies(emailResultSchema),
      },
    },
    async (request) => ({ data: await password.checkSet(request.params.guid) }),
  );
  app.post(
    '/api/password/set/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Set the first password of a new root user',
        params: guidParams,
        body: newPasswordSchema,
        response: replies(okSchema),
      },
    },
    async (request) => ({ data: await password.set(request.params.guid, request.body) }),
  );
};
