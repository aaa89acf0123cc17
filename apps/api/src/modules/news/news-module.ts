import { defineModule } from '../../platform/modules/portal-module.js';
import { newsRoutes } from './routes.js';
import { createNewsService } from './service.js';

/** The public news. */
export const newsModule = defineModule({
  name: 'news',
  async register({ app, db, clock }) {
    await app.register(newsRoutes, { news: createNewsService(db, clock) });
  },
});
