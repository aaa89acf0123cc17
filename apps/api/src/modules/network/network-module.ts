import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoNetwork } from './demo-network.js';
import { createSimulatedPublicClouds } from './exchange/public-clouds.js';
import { networkRoutes } from './routes.js';

/** VPCs and routes, firewalls, load balancers, CCX clusters, cloud exchanges and credentials. */
export const networkModule = defineModule({
  name: 'network',
  // Its firewalls guard the VMs, its balancers forward to them, its demo is built around the fleet.
  needs: ['compute'],
  async register({ app, deps, db, clock, secrets, resourceDeps }) {
    await app.register(networkRoutes, {
      db,
      clock,
      ...resourceDeps,
      secrets,
      publicClouds: deps.publicClouds ?? createSimulatedPublicClouds(),
    });
  },
  demo: {
    seed: ({ db, clientId, secrets, language }) => seedDemoNetwork(db, clientId, { secrets, language }),
  },
});
