import { defineModule } from '../../platform/modules/portal-module.js';
import { searchRoutes } from './routes.js';

/** The console search over every kind the caller may view (its kinds: sources/index.ts). */
export const searchModule = defineModule({
  name: 'search',
  async register({ app }) {
    await app.register(searchRoutes);
  },
});
