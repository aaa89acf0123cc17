import { defineModule } from '../../platform/modules/portal-module.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';
import { createTwoFa } from './two-fa.js';

/** Sign-in, two-factor codes and sessions. */
export const authModule = defineModule({
  name: 'auth',
  async register({ app, config, db, clock, passwords, sessions, throttle, mail, jobs }) {
    const twoFa = createTwoFa({ db, clock, sessions, mail, codeTtlMs: config.twoFaCodeTtlMs });
    const auth = createAuthService({ db, clock, passwords, sessions, throttle, twoFa, jobs });
    await auth.attach();
    await app.register(authRoutes, { auth, twoFa });
  },
});
