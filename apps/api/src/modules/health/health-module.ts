import { defineModule } from '../../platform/modules/portal-module.js';
import { healthRoutes } from './routes.js';

/** Liveness and readiness for the proxy, and the database's health. */
export const healthModule = defineModule({
  name: 'health',
  async register({ app, db, database, readiness }) {
    await app.register(healthRoutes, { db, ping: database.ping, readiness });
  },
});
