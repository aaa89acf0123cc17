import { defineModule } from '../../platform/modules/portal-module.js';
import { clientInfoRoutes } from './routes.js';
import { createClientInfoService } from './service.js';

/** The signed-in customer's own details. */
export const clientInfoModule = defineModule({
  name: 'client-info',
  async register({ app, clock, passwords, sessions, throttle }) {
    await app.register(clientInfoRoutes, {
      clientInfo: createClientInfoService({ clock, passwords, sessions, throttle }),
    });
  },
});
