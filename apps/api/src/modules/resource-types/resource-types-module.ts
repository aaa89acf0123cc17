import { defineModule } from '../../platform/modules/portal-module.js';
import { resourceTypeRoutes } from './routes.js';
import { createResourceTypeService } from './service.js';

/** The product catalogue's resource types. */
export const resourceTypesModule = defineModule({
  name: 'resource-types',
  async register({ app, db }) {
    await app.register(resourceTypeRoutes, { resourceTypes: createResourceTypeService(db) });
  },
});
