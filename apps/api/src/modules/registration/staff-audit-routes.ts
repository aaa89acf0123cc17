import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAuditQuerySchema, staffAuditRecordSchema } from '@portal/shared';
import { STAFF } from '../../platform/authority-guard.js';
import { pageRoute } from '../../platform/page-route.js';
import type { StaffAuditService } from './staff-audit-service.js';

/** GET /api/ops/audit: the staff trail, for staff. */
export const staffAuditRoutes: FastifyPluginAsyncZod<{ staffAudit: StaffAuditService }> = async (
  app,
  { staffAudit },
) => {
  app.get(
    '/api/ops/audit',
    pageRoute({
      config: { authority: STAFF },
      tags: ['ops'],
      summary: 'The staff audit trail: a page, by action and time, sorted on the server',
      querystring: staffAuditQuerySchema,
      record: staffAuditRecordSchema,
    }),
    async (request) => ({ data: await staffAudit.list(request.query) }),
  );
};
