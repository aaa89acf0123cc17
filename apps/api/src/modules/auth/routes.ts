import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authPageSchema,
  loginResultSchema,
  loginSchema,
  okSchema,
  tokenSchema,
  twoFaResendResultSchema,
  twoFaResendSchema,
  twoFaVerifySchema,
} from '@portal/shared';
import { SIGNED_IN, signedIn } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import type { AuthService } from './service.js';
import type { TwoFa } from './two-fa.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; twoFa: TwoFa }> = async (
  app,
  { auth, twoFa },
) => {
  const caller = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/auth/login',
    {
      config: { authority: null },
      schema: {
        tags: ['auth'],
        summary: 'Sign in as a root user (email) or an IAM user (client number and alias)',
        body: loginSchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => ({ data: await auth.login(request.body, caller(request), request.lang) }),
  );

  app.post(
    '/api/auth/2fa/verify',
    {
      config: { authority: null },
      schema: {
        tags: ['auth'],
        summary: 'Finish a two-factor sign-in with the emailed code',
        body: twoFaVerifySchema,
        response: replies(tokenSchema),
      },
    },
    async (request) => ({
      data: await twoFa.verify(
        { challenge: request.body.challenge, code: request.body.tfa_code },
        caller(request),
      ),
    }),
  );

  app.post(
    '/api/auth/2fa/resend',
    {
      config: { authority: null },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new code for a two-factor challenge',
        body: twoFaResendSchema,
        response: replies(twoFaResendResultSchema),
      },
    },
    async (request) => ({ data: await twoFa.resend(request.body.challenge, request.lang) }),
  );

  app.get(
    '/api/auth/page',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'The console menu and authority tree of the caller',
        response: replies(authPageSchema),
      },
    },
    async (request) => ({ data: auth.page(signedIn(request)) }),
  );

  app.post(
    '/api/users/logout',
    {
      config: { authority: SIGNED_IN, audit: { action: 'auth.logout' } },
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: replies(okSchema),
      },
    },
    async (request) => {
      await auth.logout(signedIn(request));
      return { data: { ok: true as const } };
    },
  );
};
