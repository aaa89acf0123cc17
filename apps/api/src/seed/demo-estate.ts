import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';
import type { Db } from '../db/database.js';
import { seedDemoFleet } from '../modules/compute/demo-fleet.js';
import { seedDemoBalancers } from '../modules/network/balancer/demo-balancers.js';
import { seedDemoClusters } from '../modules/network/ccx/demo-ccx.js';
import { seedDemoNetworkEstate } from '../modules/network/demo-network-estate.js';
import { seedDemoExchanges } from '../modules/network/exchange/demo-exchanges.js';
import { seedDemoFirewalls } from '../modules/network/firewall/demo-firewalls.js';
import { seedDemoVpcs } from '../modules/network/vpc/demo-vpcs.js';
import { seedDemoBuckets } from '../modules/storage/demo-buckets.js';
import type { SecretBox } from '../platform/secret-box.js';
import type { BucketBackend } from '../storage/buckets/bucket-backend.js';

/**
 * The demo customer's cloud estate, in the order each seed needs the ones before it: VMs with
 * their disks and snapshots, the exchanges, firewalls, clusters and balancers of their VPC, the
 * second VPC, what the simulated cloud holds of those networks, and the buckets with their
 * objects. The server seeds it on a first start; tests seed a tenant of theirs the same way.
 */
export async function seedDemoEstate(
  db: Db,
  clientId: string,
  deps: {
    /** Seals the exchange credential's secret: the box the app opens it with. */
    secrets: SecretBox;
    buckets: BucketBackend;
    /** The demo customer's language, of everything a person reads (DEMO_LANGUAGE). */
    language?: Language;
  },
): Promise<void> {
  const language = deps.language ?? DEFAULT_LANGUAGE;
  await seedDemoFleet(db, clientId, language);
  await seedDemoExchanges(db, clientId, deps.secrets);
  await seedDemoFirewalls(db, clientId, language);
  await seedDemoClusters(db, clientId);
  await seedDemoBalancers(db, clientId);
  await seedDemoVpcs(db, clientId);
  // After every network and the VMs its firewalls guard: the simulated cloud takes them in.
  await seedDemoNetworkEstate(db, clientId);
  await seedDemoBuckets(db, clientId, deps.buckets, language);
}
