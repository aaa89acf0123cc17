import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  iamDeleteSchema,
  iamListQuerySchema,
  iamPasswordSchema,
  iamUserCreateSchema,
  iamUserSchema,
  iamUserUpdateSchema,
  roleSchema,
} from '@portal/shared';
import { signedIn } from '../../platform/authority-guard.js';
import type { RouteAudit } from '../../platform/audit.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import type { IamService } from './service.js';

const VIEW = 'iam/user';
const MANAGE = 'iam/user/manage';
const params = z.object({ id: z.string().max(64) });

/** The audit record of a change to an IAM user names it by account as well as by id. */
const audited = (action: string): RouteAudit => ({
  action,
  target: 'iamUser',
  detail: (_request, data) =>
    typeof data === 'object' && data !== null && 'account' in data ? { targetAccount: data.account } : {},
});

/** IAM users and the role catalogue (console routes iam, createIAM, editIAM; log code 10008). */
export const iamRoutes: FastifyPluginAsyncZod<{ iam: IamService }> = async (app, { iam }) => {
  app.get(
    '/api/iam/roles',
    {
      config: { authority: VIEW },
      schema: {
        tags: ['iam'],
        summary: 'The role catalogue with the grants of each role, and whether the caller may hand it out',
        response: replies(z.array(roleSchema)),
      },
    },
    async (request) => ({ data: iam.roles(signedIn(request)) }),
  );

  app.get(
    '/api/iam/users',
    pageRoute({
      config: { authority: VIEW, keep: 'rows' },
      tags: ['iam'],
      summary: 'A page of the IAM users of the caller’s client',
      querystring: iamListQuerySchema,
      record: iamUserSchema,
    }),
    async (request) => ({ data: await iam.list(signedIn(request), request.query) }),
  );

  app.post(
    '/api/iam/users',
    {
      config: { authority: MANAGE, audit: audited('iam.user.create') },
      schema: {
        tags: ['iam'],
        summary: 'Create an IAM user',
        body: iamUserCreateSchema,
        response: replies(iamUserSchema),
      },
    },
    async (request) => ({ data: await iam.create(signedIn(request), request.body) }),
  );

  app.get(
    '/api/iam/users/:id',
    {
      config: { authority: VIEW, keep: 'rows' },
      schema: { tags: ['iam'], summary: 'One IAM user', params, response: replies(iamUserSchema) },
    },
    async (request) => ({ data: await iam.get(signedIn(request), request.params.id) }),
  );

  app.patch(
    '/api/iam/users/:id',
    {
      config: { authority: MANAGE, audit: audited('iam.user.update') },
      schema: {
        tags: ['iam'],
        summary: 'Change the roles, email or two-factor of an IAM user',
        params,
        body: iamUserUpdateSchema,
        response: replies(iamUserSchema),
      },
    },
    async (request) => ({ data: await iam.update(signedIn(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/iam/users/:id',
    {
      config: { authority: MANAGE, audit: audited('iam.user.delete') },
      schema: {
        tags: ['iam'],
        summary: 'Delete an IAM user (the caller’s login password confirms it)',
        params,
        body: iamDeleteSchema,
        response: replies(z.object({ id: z.string(), account: z.string() })),
      },
    },
    async (request) => ({
      data: await iam.remove(signedIn(request), request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/api/iam/users/:id/lock',
    {
      config: { authority: MANAGE, audit: audited('iam.user.lock') },
      schema: {
        tags: ['iam'],
        summary: 'Lock an IAM user: its sessions end and it cannot sign in',
        params,
        response: replies(iamUserSchema),
      },
    },
    async (request) => ({ data: await iam.lock(signedIn(request), request.params.id) }),
  );

  app.post(
    '/api/iam/users/:id/unlock',
    {
      config: { authority: MANAGE, audit: audited('iam.user.unlock') },
      schema: { tags: ['iam'], summary: 'Unlock an IAM user', params, response: replies(iamUserSchema) },
    },
    async (request) => ({ data: await iam.unlock(signedIn(request), request.params.id) }),
  );

  app.post(
    '/api/iam/users/:id/password',
    {
      config: { authority: MANAGE, audit: audited('iam.user.password') },
      schema: {
        tags: ['iam'],
        summary: 'Set a new password for an IAM user (the caller’s login password confirms it)',
        params,
        body: iamPasswordSchema,
        response: replies(iamUserSchema),
      },
    },
    async (request) => ({
      data: await iam.setPassword(signedIn(request), request.params.id, request.body, request.ip),
    }),
  );
};
