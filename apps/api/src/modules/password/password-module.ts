import { defineModule } from '../../platform/modules/portal-module.js';
import { passwordRoutes } from './routes.js';
import { createPasswordService } from './service.js';

/** Forgotten passwords and first passwords, by mailed link. */
export const passwordModule = defineModule({
  name: 'password',
  async register({ app, config, db, clock, mail, jobs, captchas, passwords, sessions }) {
    const password = createPasswordService({
      db,
      clock,
      mail,
      jobs,
      captchas,
      passwords,
      sessions,
      publicUrl: config.publicUrl,
    });
    await password.attach();
    await app.register(passwordRoutes, { password });
  },
});
