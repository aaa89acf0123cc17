import type { ListedModule } from '../platform/modules/portal-module.js';
import { alarmsModule } from './alarms/alarms-module.js';
import { apiKeysModule } from './api-keys/api-keys-module.js';
import { announcementsModule } from './announcements/announcements-module.js';
import { auditModule } from './audit/audit-module.js';
import { authModule } from './auth/auth-module.js';
import { clientInfoModule } from './client-info/client-info-module.js';
import { computeModule } from './compute/compute-module.js';
import { dashboardModule } from './dashboard/dashboard-module.js';
import { dataStoreModule } from './data-store/data-store-module.js';
import { devOutboxModule } from './dev-outbox/dev-outbox-module.js';
import { healthModule } from './health/health-module.js';
import { iamModule } from './iam/iam-module.js';
import { metricsModule } from './metrics/metrics-module.js';
import { networkModule } from './network/network-module.js';
import { newsModule } from './news/news-module.js';
import { ordersModule } from './orders/orders-module.js';
import { passwordModule } from './password/password-module.js';
import { productsModule } from './products/products-module.js';
import { registrationModule } from './registration/registration-module.js';
import { resourceTypesModule } from './resource-types/resource-types-module.js';
import { searchModule } from './search/search-module.js';
import { storageModule } from './storage/storage-module.js';
import { ticketsModule } from './tickets/tickets-module.js';
import { usageModule } from './usage/usage-module.js';

/**
 * Every module of the API, one line each. buildApp registers them (and the server seeds their
 * demo data) in this order, except that a module always comes after the modules it needs.
 */
export const MODULES: readonly ListedModule[] = [
  healthModule,
  authModule,
  clientInfoModule,
  resourceTypesModule,
  iamModule,
  apiKeysModule,
  auditModule,
  productsModule,
  newsModule,
  registrationModule,
  passwordModule,
  computeModule,
  networkModule,
  storageModule,
  metricsModule,
  usageModule,
  alarmsModule,
  ordersModule,
  dataStoreModule,
  ticketsModule,
  dashboardModule,
  announcementsModule,
  searchModule,
  devOutboxModule,
];
