import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedSchema, staffAuditQuerySchema, staffAuditRecordSchema } from '@portal/shared';
import { STAFF } from '../../platform/authority-guard.js';
import { replies } from '../../platform/responses.js';
import type { StaffAuditService } from './staff-audit-service.js';

/** GET /api/ops/audit: the staff trail, for staff. */
export const staffAuditRoutes: FastifyPluginAsyncZod<{ staffAudit: StaffAuditService }> = async (
  app,
  { staffAudit },
) => {
  app.get(
    '/api/ops/audit',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'The staff audit trail: a page, by action and time, sorted on the server',
        querystring: staffAuditQuerySchema,
        response: replies(pagedSchema(staffAuditRecordSchema)),
      },
    },
    async (request) => ({ data: await staffAudit.list(request.query) }),
  );
};
