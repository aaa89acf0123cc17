import { defineModule } from '../../platform/modules/portal-module.js';
import { createDefaultNetwork } from './default-network.js';
import { seedDemoFleet } from './demo-fleet.js';
import { computeRoutes } from './routes.js';
import { vmConsoleRoutes } from './vm-console-routes.js';
import { scheduleVmReconcile } from './vm-reconcile.js';

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
    // What the cloud reports of settled VMs (a guest that powered itself off, one gone): started
    // once the app is ready, stopped before the job queue.
    let reconcile: Awaited<ReturnType<typeof scheduleVmReconcile>> | undefined;
    app.addHook('onReady', async () => {
      reconcile = await scheduleVmReconcile(jobs, {
        db,
        driver: cloud,
        clock,
        log: app.log,
        everySeconds: config.vmReconcileSeconds,
      });
    });
    app.addHook('onClose', async () => reconcile?.stop());
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
