import { defineModule } from '../../platform/modules/portal-module.js';
import { auditedStaffChange } from '../../platform/staff-audit-record.js';
import { announcementRoutes } from './routes.js';

/** The service announcements staff write and customers read. */
export const announcementsModule = defineModule({
  name: 'announcements',
  async register({ app, db, clock }) {
    await app.register(announcementRoutes, {
      db,
      clock,
      staffChange: (entry, work) => auditedStaffChange({ db, clock }, entry, work),
    });
  },
});
