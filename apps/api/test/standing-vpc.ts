import { ChargeMode, RouteLevel, VpcStatus } from '@portal/shared';
import type { Db } from '../src/db/database.js';
import { vpcs, type VpcRow } from '../src/db/schema/index.js';

/**
 * A customer's VPC standing available ("default", 10.0.0.0/16, professional route, fixed 100
 * Mbps), written directly as the network pages would leave it; `values` set what a test needs.
 */
export async function standingVpc(
  db: Db,
  clientId: string,
  values: Partial<typeof vpcs.$inferInsert> = {},
): Promise<VpcRow> {
  const [vpc] = await db
    .insert(vpcs)
    .values({
      clientId,
      name: 'default',
      status: VpcStatus.AVAILABLE,
      routeLevel: RouteLevel.PROFESSIONAL,
      chargeMode: ChargeMode.FIXED,
      bandwidthLimit: 100,
      cidrIpv4: '10.0.0.0/16',
      ...values,
    })
    .returning();
  return vpc!;
}
