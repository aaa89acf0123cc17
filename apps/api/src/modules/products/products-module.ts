import { defineModule } from '../../platform/modules/portal-module.js';
import { productRoutes } from './routes.js';
import { createProductService } from './service.js';

/** Products and their prices. */
export const productsModule = defineModule({
  name: 'products',
  async register({ app, db }) {
    await app.register(productRoutes, { products: createProductService(db) });
  },
});
