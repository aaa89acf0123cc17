import type { Db } from '../src/db/database.js';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { build, type BuildOverrides } from './build.js';

/** The VPC of the network an account opens with (compute's default network). */
const defaultNetworkVpc = async (db: Db, clientId: string) =>
  (await createDefaultNetwork(db, clientId)).vpc.id;

/**
 * The API on a fresh database, a customer whose root user is signed in, and a VPC of theirs
 * standing: where the suites of resources placed in a VPC start. `vpc` makes it (the default
 * network's unless said); `at` sets the clock before anything is made.
 */
export async function buildWithVpc(
  options: {
    overrides?: BuildOverrides;
    at?: string;
    vpc?: (db: Db, clientId: string) => Promise<string>;
  } = {},
) {
  const t = await build(options.overrides);
  if (options.at) t.clock.set(options.at);
  const tenant = await t.signedInTenant();
  const vpcUuid = await (options.vpc ?? defaultNetworkVpc)(t.db, tenant.client.id);
  return { t, tenant, token: tenant.token, vpcUuid };
}
