import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  opsApplicationSchema,
  opsApplicationSummarySchema,
  opsApproveResultSchema,
  opsDenySchema,
  opsDocumentViewLinkSchema,
  opsLoginSchema,
  opsSetPasswordLinkResultSchema,
  opsStaffSchema,
  REGISTRATION_DOCS,
  RegisterState,
  tokenSchema,
  zEnumValue,
} from '@portal/shared';
import { STAFF, staffActor, staffSignedIn } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import { staffAuditRoutes } from './staff-audit-routes.js';
import type { OpsService } from './ops-service.js';

const idParams = z.object({ id: z.string().max(64) });
const docParams = idParams.extend({ doc: z.enum(REGISTRATION_DOCS) });

/**
 * Headers of a served document: shown inline with the type sniffed at upload, never sniffed again
 * by the browser, never cached, and sandboxed so that a hostile file cannot run script as us.
 */
const DOCUMENT_HEADERS = (file: { contentType: string; name: string }) => ({
  'content-type': file.contentType,
  'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
});

/**
 * The operations console of the provider's staff under /api/ops, with its own sessions. Its routes
 * declare the STAFF authority, which the platform guard checks before the body is read.
 */
export const opsRoutes: FastifyPluginAsyncZod<{ ops: OpsService }> = async (app, { ops }) => {
  app.post(
    '/api/ops/login',
    {
      config: { authority: null },
      schema: {
        tags: ['ops'],
        summary: 'Staff sign-in',
        body: opsLoginSchema,
        response: replies(tokenSchema),
      },
    },
    async (request) => ({ data: await ops.login(request.body.email, request.body.password, request.ip) }),
  );
  app.post(
    '/api/ops/logout',
    {
      config: { authority: STAFF },
      schema: { tags: ['ops'], summary: 'End the staff session', response: replies(okSchema) },
    },
    async (request) => {
      await ops.logout(staffSignedIn(request).tokenHash, staffActor(request));
      return { data: { ok: true as const } };
    },
  );
  app.get(
    '/api/ops/me',
    {
      config: { authority: STAFF },
      schema: { tags: ['ops'], summary: 'The signed-in staff member', response: replies(opsStaffSchema) },
    },
    async (request) => ({ data: { email: staffSignedIn(request).email } }),
  );
  app.get(
    '/api/ops/applications',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Registration applications, newest submissions first',
        querystring: z.object({ state: zEnumValue(RegisterState).optional() }),
        response: replies(z.array(opsApplicationSummarySchema)),
      },
    },
    async (request) => ({ data: await ops.list(request.query.state) }),
  );
  app.get(
    '/api/ops/applications/:id',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'One application with every field',
        params: idParams,
        response: replies(opsApplicationSchema),
      },
    },
    async (request) => ({ data: await ops.get(request.params.id) }),
  );
  app.get(
    '/api/ops/applications/:id/docs/:doc',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'An uploaded certificate (private; staff only)',
        params: docParams,
      },
    },
    async (request, reply) => {
      const file = await ops.doc(request.params.id, request.params.doc, staffActor(request));
      return reply.headers(DOCUMENT_HEADERS(file)).send(file.body);
    },
  );
  app.post(
    '/api/ops/applications/:id/docs/:doc/view-link',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'A one-minute link that shows a document in a tab of its own (for PDFs)',
        params: docParams,
        response: replies(opsDocumentViewLinkSchema),
      },
    },
    async (request) => ({
      data: await ops.viewLink(
        request.params.id,
        request.params.doc,
        staffSignedIn(request).tokenHash,
        staffActor(request),
      ),
    }),
  );
  // Opened in a new tab, so no bearer header: the sealed link itself is the permission. The token
  // is in the query (a path parameter is capped at 100 characters).
  app.get(
    '/api/ops/document-view',
    {
      config: { authority: null },
      schema: {
        tags: ['ops'],
        summary: 'The document of a view link (inline, sandboxed)',
        querystring: z.object({ token: z.string().max(1024) }),
      },
    },
    async (request, reply) => {
      const file = await ops.openViewLink(request.query.token);
      return reply.headers({ ...DOCUMENT_HEADERS(file), 'referrer-policy': 'no-referrer' }).send(file.body);
    },
  );
  app.post(
    '/api/ops/applications/:id/approve',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Approve: create the client and mail the set-password link',
        params: idParams,
        response: replies(opsApproveResultSchema),
      },
    },
    async (request) => ({ data: await ops.approve(request.params.id, staffActor(request)) }),
  );
  app.post(
    '/api/ops/applications/:id/deny',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Deny with a reason (mailed to the applicant)',
        params: idParams,
        body: opsDenySchema,
        response: replies(okSchema),
      },
    },
    async (request) => ({
      data: await ops.deny(request.params.id, staffActor(request), request.body.reason),
    }),
  );
  app.post(
    '/api/ops/applications/:id/set-password-link',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Mail the root user a fresh set-password link (the older ones stop working)',
        params: idParams,
        response: replies(opsSetPasswordLinkResultSchema),
      },
    },
    async (request) => ({ data: await ops.setPasswordLink(request.params.id, staffActor(request)) }),
  );
  await app.register(staffAuditRoutes, { staffAudit: ops.trail });
};
