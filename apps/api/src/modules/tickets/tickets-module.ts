import { DEMO } from '../../seed/demo-seed.js';
import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoTickets } from './demo-tickets.js';
import { ticketRoutes } from './routes.js';

/** Support tickets: the customer's side and the staff's queue in the operations console. */
export const ticketsModule = defineModule({
  name: 'tickets',
  // Staff of the operations console answer them; the demo's name the demo's VMs.
  needs: ['registration', 'compute'],
  async register({ app, config, db, clock, jobs, mail, storage, resourceDeps }) {
    await app.register(ticketRoutes, {
      db,
      clock,
      jobs,
      mail,
      store: storage,
      publicUrl: config.publicUrl,
      ...resourceDeps,
    });
  },
  // After the staff, who answered some of them.
  demo: { seed: ({ db, clientId, language }) => seedDemoTickets(db, clientId, DEMO.staffEmail, language) },
});
