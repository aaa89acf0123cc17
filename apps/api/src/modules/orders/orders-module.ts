import type { Db } from '../../db/database.js';
import { defineModule } from '../../platform/modules/portal-module.js';
import { syncCcisOrders } from './ccis-orders.js';
import { orderRoutes } from './routes.js';

/** What the orders give: the order lines of the data-store purchases kept in step with them. */
export interface OrdersGift {
  /** After a tenant's data-store contract changed (in `tx`, its transaction): its ccis orders follow. */
  ccisContractChanged(tx: Db, clientId: string, today: string): Promise<void>;
}

declare module '../../platform/modules/portal-module.js' {
  interface ModuleGifts {
    orders: OrdersGift;
  }
}

/** The order history: its lists, CSV, cancellation and conversion, and the daily status. */
export const ordersModule = defineModule({
  name: 'orders',
  async register({ app, db, clock, jobs, resourceDeps }) {
    await app.register(orderRoutes, {
      db,
      clock,
      jobs,
      confirmPassword: resourceDeps.confirmPassword,
      answers: resourceDeps.listCache,
    });
    return { ccisContractChanged: (tx, clientId, today) => syncCcisOrders(tx, clock, clientId, today) };
  },
});
