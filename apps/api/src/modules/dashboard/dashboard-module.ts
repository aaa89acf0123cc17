import { defineModule } from '../../platform/modules/portal-module.js';
import { dashboardRoutes } from './routes.js';

/** The console's dashboard: counts per kind and state, usage against limits, the month's spend. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  // It shows the data-store contract and the valuation as their own modules give them.
  needs: ['data-store', 'usage'],
  async register({ app, clock, answers }, given) {
    await app.register(dashboardRoutes, {
      clock,
      contractOf: given['data-store'].contractOf,
      valuationOf: given.usage.valuationOf,
      answers,
    });
  },
});
