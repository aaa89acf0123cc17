import { defineModule } from '../../platform/modules/portal-module.js';
import { createDefaultNetwork } from './default-network.js';
import { seedDemoFleet } from './demo-fleet.js';
import { computeRoutes } from './routes.js';
import { vmConsoleRoutes } from './vm-console-routes.js';

/** VMs, disks, snapshots and their rules, VNIs, OS templates, and the VMs' web console. */
export const computeModule = defineModule({
  name: 'compute',
  async register({ app, config, db, clock, jobs, mail, sessions, cloud, resourceDeps }) {
    const publicUrl = config.publicUrl;
    await app.register(computeRoutes, {
      db,
      clock,
      jobs,
      ...resourceDeps,
      publicUrl,
      sendMail: (to, lang, content) => mail.send({ to, lang, ...content }),
    });
    await app.register(vmConsoleRoutes, {
      db,
      clock,
      sessions,
      cloud,
      publicUrl,
      checkMs: config.consoleCheckMs,
    });
  },
  // The fleet with its disks and snapshots, in the default VPC and firewall it makes.
  demo: {
    // On a real cloud only the default network: its machines would not exist there.
    seed: ({ db, clientId, language, cloudDriver }) =>
      cloudDriver === 'simulator'
        ? seedDemoFleet(db, clientId, language)
        : createDefaultNetwork(db, clientId, undefined, language),
  },
});
