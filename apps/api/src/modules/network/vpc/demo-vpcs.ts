import { and, eq } from 'drizzle-orm';
import { ChargeMode, RouteLevel, RouteTargetType, VpcStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { vpcRoutes, vpcs } from '../../../db/schema/index.js';
import { networkIpv6 } from '../../../cloud/simulator/network-tasks.js';

const DAY = 86_400_000;

/**
 * The demo customer's second VPC, for a back-office network peered with the default one: its
 * routes send the internet through the gateway, an on-premises range through a VPN appliance, and
 * the default VPC's range across the peering; the default VPC routes back.
 */
export async function seedDemoVpcs(db: Db, clientId: string, now = new Date()): Promise<void> {
  const [main] = await db
    .select({ id: vpcs.id, cidrIpv4: vpcs.cidrIpv4 })
    .from(vpcs)
    .where(and(eq(vpcs.clientId, clientId), eq(vpcs.name, 'default')));
  const [backOffice] = await db
    .insert(vpcs)
    .values({
      clientId,
      name: 'back-office',
      status: VpcStatus.AVAILABLE,
      routeLevel: RouteLevel.PLATINUM,
      chargeMode: ChargeMode.NINETY_FIVE,
      bandwidthLimit: 300,
      cidrIpv4: '10.20.0.0/16',
      cidrIpv6: '-1',
      createdAt: new Date(now.getTime() - 40 * DAY),
    })
    .returning({ id: vpcs.id });
  const id = backOffice!.id;
  await db
    .update(vpcs)
    .set({ cidrIpv6: networkIpv6(id) })
    .where(eq(vpcs.id, id));
  const routes = [
    { destination: '0.0.0.0/0', targetType: RouteTargetType.DEFAULT, target: 'default' },
    { destination: '192.168.100.0/24', targetType: RouteTargetType.MANUAL, target: '10.20.0.254' },
    ...(main ? [{ destination: main.cidrIpv4, targetType: RouteTargetType.VPC, target: main.id }] : []),
  ];
  await db.insert(vpcRoutes).values(routes.map((r, position) => ({ clientId, vpcId: id, ...r, position })));
  if (main) {
    await db.insert(vpcRoutes).values({
      clientId,
      vpcId: main.id,
      destination: '10.20.0.0/16',
      targetType: RouteTargetType.VPC,
      target: id,
      position: 0,
    });
  }
}
