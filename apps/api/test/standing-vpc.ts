import type { Db } from '../src/db/database.js';
import { vpcs, type VpcRow } from '../src/db/schema/index.js';
import { defaultVpc } from '../src/modules/compute/default-network.js';

/**
 * A customer's VPC standing available, as the account opens with (10.0.0.0/16, no IPv6 unless
 * `values` say), written directly; `values` set what a test needs.
 */
export async function standingVpc(
  db: Db,
  clientId: string,
  values: Partial<typeof vpcs.$inferInsert> = {},
): Promise<VpcRow> {
  const [vpc] = await db
    .insert(vpcs)
    .values({ ...defaultVpc(clientId, '10.0.0.0/16'), ...values })
    .returning();
  return vpc!;
}
