import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoStaff } from './demo-staff.js';
import { createViewLinks } from './document-view-link.js';
import { opsClientsRoutes } from './ops-clients-routes.js';
import { createOpsClientsService } from './ops-clients-service.js';
import { opsRoutes } from './ops-routes.js';
import { createOpsService } from './ops-service.js';
import { registrationRoutes } from './routes.js';
import { createRegistrationService } from './service.js';

/** Registration, and the operations console where staff review it and look after clients. */
export const registrationModule = defineModule({
  name: 'registration',
  async register({ app, config, db, clock, mail, jobs, captchas, storage, passwords, throttle, sessions }) {
    const publicUrl = config.publicUrl;
    const registration = createRegistrationService({
      db,
      clock,
      mail,
      jobs,
      captchas,
      store: storage,
      publicUrl,
    });
    await registration.attach();
    await app.register(registrationRoutes, { registration, captchas, dev: config.env !== 'production' });
    await app.register(opsRoutes, {
      ops: createOpsService({
        db,
        clock,
        mail,
        passwords,
        throttle,
        store: storage,
        publicUrl,
        viewLinks: config.opsLinkSecret ? createViewLinks(Buffer.from(config.opsLinkSecret)) : undefined,
      }),
    });
    await app.register(opsClientsRoutes, { clients: createOpsClientsService({ db, clock, sessions }) });
  },
  // The staff account is made on every start that lacks it, whether or not the tenant was new.
  demo: { everyStart: true, seed: ({ db, passwords, password }) => seedDemoStaff(db, passwords, password) },
});
