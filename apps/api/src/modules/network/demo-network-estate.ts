import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  firewallRules,
  firewalls,
  simNetworkObjects,
  vmFirewalls,
  vpcRoutes,
  vpcs,
} from '../../db/schema/index.js';
import { firewallSpecOf } from './firewall/firewall-operations.js';
import { cloudRoutesOf, networkSpecOf } from './vpc/vpc-operations.js';

/**
 * The simulated cloud takes in the networks the demo seed wrote straight to the portal's tables
 * (the default and back-office VPCs with their route tables, the firewalls with their rules and
 * the servers they guard), as a cloud holds an estate made before the portal knew it. Without
 * them a route to a seeded VPC was refused ("peer network not found") and a seeded firewall's
 * servers were unknown to it. Each spec names its tenant, as the cloud records whose each object
 * is. Balancers, clusters, exchanges, servers, volumes and snapshots are written to the simulator
 * by their own seeds. What the cloud already has is left as it is.
 */
export async function seedDemoNetworkEstate(db: Db, clientId: string): Promise<void> {
  const networks = await db.select().from(vpcs).where(eq(vpcs.clientId, clientId));
  if (networks.length === 0) return;
  const routes = await db
    .select()
    .from(vpcRoutes)
    .where(eq(vpcRoutes.clientId, clientId))
    .orderBy(asc(vpcRoutes.vpcId), asc(vpcRoutes.position));
  const walls = await db.select().from(firewalls).where(eq(firewalls.clientId, clientId));
  const wallIds = walls.map((f) => f.id);
  const rules = wallIds.length
    ? await db
        .select()
        .from(firewallRules)
        .where(inArray(firewallRules.firewallId, wallIds))
        .orderBy(asc(firewallRules.firewallId), asc(firewallRules.position))
    : [];
  const guarded = wallIds.length
    ? await db
        .select({ firewallId: vmFirewalls.firewallId, vmId: vmFirewalls.vmId })
        .from(vmFirewalls)
        .where(inArray(vmFirewalls.firewallId, wallIds))
    : [];

  const networkObjects = networks.map((vpc) => ({
    id: vpc.id,
    kind: 'vpc' as const,
    spec: {
      ...networkSpecOf(vpc),
      clientId,
      routes: cloudRoutesOf(
        vpc.cidrIpv4,
        routes
          .filter((r) => r.vpcId === vpc.id)
          .map((r) => ({ destination: r.destination, targetType: r.targetType, target: r.target })),
      ),
    },
    serverIds: [] as string[],
  }));
  const firewallObjects = walls.map((wall) => ({
    id: wall.id,
    kind: 'firewall' as const,
    spec: {
      ...firewallSpecOf(
        wall.id,
        wall.vpcId,
        rules.filter((r) => r.firewallId === wall.id),
      ),
      clientId,
    },
    serverIds: guarded.filter((g) => g.firewallId === wall.id).map((g) => g.vmId),
  }));
  await db
    .insert(simNetworkObjects)
    .values([...networkObjects, ...firewallObjects])
    .onConflictDoNothing({ target: simNetworkObjects.id });
}
