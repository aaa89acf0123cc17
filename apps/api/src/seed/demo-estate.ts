import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';
import type { Db } from '../db/database.js';
import { seedDemoFleet } from '../modules/compute/demo-fleet.js';
import { seedDemoNetwork } from '../modules/network/demo-network.js';
import { seedDemoBuckets } from '../modules/storage/demo-buckets.js';
import type { SecretBox } from '../platform/secret-box.js';
import type { BucketBackend } from '../storage/buckets/bucket-backend.js';

/**
 * The demo customer's cloud estate, as the compute, network and storage modules seed it on a
 * first start (their demo seeds, in the order of their needs): VMs with their disks and
 * snapshots, the networks around them, and the buckets with their objects. Tests and the load
 * seeder seed a tenant of theirs the same way.
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
  await seedDemoNetwork(db, clientId, { secrets: deps.secrets, language });
  await seedDemoBuckets(db, clientId, deps.buckets, language);
}
