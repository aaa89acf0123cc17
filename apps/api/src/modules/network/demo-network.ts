import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { seedDemoBalancers } from './balancer/demo-balancers.js';
import { seedDemoClusters } from './ccx/demo-ccx.js';
import { seedDemoNetworkEstate } from './demo-network-estate.js';
import { seedDemoExchanges } from './exchange/demo-exchanges.js';
import { seedDemoFirewalls } from './firewall/demo-firewalls.js';
import { seedDemoVpcs } from './vpc/demo-vpcs.js';

/**
 * The demo customer's networks around the fleet seeded before (its default VPC and firewall come
 * with the VMs), each seed after the ones it needs: the exchanges, firewalls, clusters and
 * balancers of the VPC, the second VPC, then what the simulated cloud holds of those networks.
 */
export async function seedDemoNetwork(
  db: Db,
  clientId: string,
  deps: {
    /** Seals the exchange credential's secret: the box the app opens it with. */
    secrets: SecretBox;
    language?: Language;
  },
): Promise<void> {
  const language = deps.language ?? DEFAULT_LANGUAGE;
  await seedDemoExchanges(db, clientId, deps.secrets);
  await seedDemoFirewalls(db, clientId, language);
  await seedDemoClusters(db, clientId);
  await seedDemoBalancers(db, clientId);
  await seedDemoVpcs(db, clientId);
  // After every network and the VMs its firewalls guard: the simulated cloud takes them in.
  await seedDemoNetworkEstate(db, clientId);
}
