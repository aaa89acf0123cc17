import {
  ChargeMode,
  FirewallStatus,
  FwrDirection,
  FwrIpVer,
  FwrOperate,
  FwrType,
  RouteLevel,
  VpcStatus,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { firewallRules, firewalls, vpcs } from '../../db/schema/index.js';

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
  // As clouds make a default security group: the VPC talks to itself, everything may go out.
  const rule = {
    clientId,
    firewallId: firewall!.id,
    protocol: FwrType.ALL,
    port: 'Any',
    operate: FwrOperate.ALLOW,
  };
  await db.insert(firewallRules).values([
    {
      ...rule,
      direction: FwrDirection.INBOUND,
      ipVersion: FwrIpVer.IPV4,
      cidr: cidrIpv4,
      remark: 'Traffic within the VPC',
      position: 0,
    },
    {
      ...rule,
      direction: FwrDirection.OUTBOUND,
      ipVersion: FwrIpVer.IPV4,
      cidr: '0.0.0.0/0',
      remark: 'All outbound IPv4',
      position: 1,
    },
    {
      ...rule,
      direction: FwrDirection.OUTBOUND,
      ipVersion: FwrIpVer.IPV6,
      cidr: '::/0',
      remark: 'All outbound IPv6',
      position: 2,
    },
  ]);
  return { vpc: vpc!, firewall: firewall! };
}
