import { defineModule } from '../../platform/modules/portal-module.js';
import { devOutboxRoutes } from './routes.js';

/** The mail kept in the outbox, readable outside production. */
export const devOutboxModule = defineModule({
  name: 'dev-outbox',
  async register({ app, config, db }) {
    if (config.env !== 'production') await app.register(devOutboxRoutes, { db });
  },
});
