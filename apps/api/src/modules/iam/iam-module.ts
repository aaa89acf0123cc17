import { defineModule } from '../../platform/modules/portal-module.js';
import { iamRoutes } from './routes.js';
import { createIamService } from './service.js';

/** The tenant's IAM users and their roles. */
export const iamModule = defineModule({
  name: 'iam',
  async register({ app, clock, passwords, sessions, throttle }) {
    await app.register(iamRoutes, { iam: createIamService({ clock, passwords, sessions, throttle }) });
  },
});
