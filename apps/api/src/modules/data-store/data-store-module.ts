import type { CcisContract } from '@portal/shared';
import type { AuthContext } from '../../platform/auth-context.js';
import { defineModule } from '../../platform/modules/portal-module.js';
import { createDataStoreService } from './data-store-service.js';
import { dataStoreRoutes } from './routes.js';

/** What the data store gives: the contract in force, as its own page shows it. */
export interface DataStoreGift {
  contractOf(auth: AuthContext): Promise<CcisContract>;
}

declare module '../../platform/modules/portal-module.js' {
  interface ModuleGifts {
    'data-store': DataStoreGift;
  }
}

/** The data-store (CCIS) contract: terms, purchases, auto-extend. */
export const dataStoreModule = defineModule({
  name: 'data-store',
  // Every purchase is an order (type ccis) in the order lists, written in its transaction.
  needs: ['orders'],
  async register({ app, clock }, { orders }) {
    const contractChanged = orders.ccisContractChanged;
    await app.register(dataStoreRoutes, { clock, contractChanged });
    // The contract as read for others: the same service, without the purchase's side effects.
    const reader = createDataStoreService({ clock });
    return { contractOf: (auth) => reader.contract(auth) };
  },
});
