import { FirewallStatus, RouteLevel, ChargeMode, VpcStatus } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { firewalls, vpcs } from '../../db/schema/index.js';

/**
 * The network a customer starts with, as on most clouds: one VPC and a firewall in it, so the
 * first VM can be created before any network page is opened.
 */
export async function createDefaultNetwork(db: Db, clientId: string, cidrIpv4 = '10.0.0.0/16') {
  const [vpc] = await db
    .insert(vpcs)
    .values({
      clientId,
      name: 'default',
      status: VpcStatus.AVAILABLE,
      routeLevel: RouteLevel.PROFESSIONAL,
      chargeMode: ChargeMode.FIXED,
      bandwidthLimit: 100,
      cidrIpv4,
      cidrIpv6: '2001:db8:10::/56',
    })
    .returning();
  const [firewall] = await db
    .insert(firewalls)
    .values({ clientId, vpcId: vpc!.id, name: 'default', status: FirewallStatus.EDITABLE, ruleCount: 3 })
    .returning();
  return { vpc: vpc!, firewall: firewall! };
}
