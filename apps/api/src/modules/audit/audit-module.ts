import { defineModule } from '../../platform/modules/portal-module.js';
import { auditRoutes } from './routes.js';
import { createAuditService } from './service.js';

/** The tenant's audit log (the records are written by the platform's audit hook). */
export const auditModule = defineModule({
  name: 'audit',
  async register({ app, clock }) {
    await app.register(auditRoutes, { audit: createAuditService(), now: () => clock.now() });
  },
});
