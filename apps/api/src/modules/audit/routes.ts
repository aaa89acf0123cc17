import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQuerySchema, auditQuerySchema, auditRecordSchema, errorBodySchema } from '@portal/shared';
import { signedIn } from '../../platform/authority-guard.js';
import { pageRoute } from '../../platform/page-route.js';
import type { AuditService } from './service.js';

const AUTHORITY = 'iam/audit';

/** The audit log of the caller's client (console route auditLog, log code 10024). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; now: () => Date }> = async (
  app,
  { audit, now },
) => {
  app.get(
    '/api/audit',
    pageRoute({
      config: { authority: AUTHORITY },
      tags: ['audit'],
      summary: 'A page of the audit log, newest first, by user, action and time',
      querystring: auditQuerySchema,
      record: auditRecordSchema,
    }),
    async (request) => ({ data: await audit.list(signedIn(request), request.query) }),
  );

  app.get(
    '/api/audit/export',
    {
      config: { authority: AUTHORITY },
      schema: {
        tags: ['audit'],
        summary:
          'The audit log as CSV (UTF-8 with BOM, headers in the caller’s language), same filters as the list',
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(
        signedIn(request),
        { ...request.query, page: 0, limit: 0 },
        request.lang,
      );
      const day = now().toISOString().slice(0, 10).replace(/-/g, '');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
