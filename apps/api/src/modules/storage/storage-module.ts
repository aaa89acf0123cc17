import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoBuckets } from './demo-buckets.js';
import { storageRoutes } from './routes.js';

/** The customers' buckets and objects, lifecycle rules, usage and API keys, on the S3 service. */
export const storageModule = defineModule({
  name: 'storage',
  async register({ app, db, clock, jobs, buckets, secrets, resourceDeps }) {
    await app.register(storageRoutes, { db, clock, jobs, ...resourceDeps, backend: buckets, secrets });
  },
  demo: {
    seed: ({ db, clientId, buckets, language }) => seedDemoBuckets(db, clientId, buckets, language),
  },
});
