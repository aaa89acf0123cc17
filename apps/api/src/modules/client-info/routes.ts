import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfoSchema, clientInfoUpdateSchema } from '@portal/shared';
import { SIGNED_IN, signedIn } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import type { ClientInfoService } from './service.js';

/** A password change needs both the original and the new one; one alone is a malformed request. */
const updateBody = clientInfoUpdateSchema.superRefine((body, ctx) => {
  if (body.pass0 !== undefined && body.pass1 === undefined) {
    ctx.addIssue({ code: 'custom', path: ['pass1'], message: 'validation.notEmpty' });
  }
  if (body.pass1 !== undefined && body.pass0 === undefined) {
    ctx.addIssue({ code: 'custom', path: ['pass0'], message: 'validation.notEmpty' });
  }
});

export const clientInfoRoutes: FastifyPluginAsyncZod<{ clientInfo: ClientInfoService }> = async (
  app,
  { clientInfo },
) => {
  app.get(
    '/api/client/info',
    {
      // Any session may read its own info: the web also uses this call to test a stored token.
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['account'],
        summary: 'The caller and its client',
        response: replies(clientInfoSchema),
      },
    },
    async (request) => ({ data: clientInfo.get(signedIn(request)) }),
  );

  app.patch(
    '/api/client/info',
    {
      config: {
        authority: 'myAccount/myInfo/manage',
        audit: {
          action: (request) =>
            (request.body as { pass1?: unknown } | undefined)?.pass1 !== undefined
              ? 'account.password'
              : 'account.update',
          target: 'user',
          targetId: (request) => request.auth?.user.id,
        },
      },
      schema: {
        tags: ['account'],
        summary: 'Change the password, two-factor or (IAM users) the mail address',
        body: updateBody,
        response: replies(clientInfoSchema),
      },
    },
    async (request) => ({ data: await clientInfo.update(signedIn(request), request.body, request.ip) }),
  );
};
