import {
  ChargeMode,
  DEFAULT_LANGUAGE,
  FirewallStatus,
  FwrDirection,
  FwrIpVer,
  FwrOperate,
  FwrType,
  RouteLevel,
  VpcStatus,
  type Language,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { firewallRules, firewalls, vpcs } from '../../db/schema/index.js';

/** The default firewall's rule remarks in the customer's language. */
const REMARKS: Record<Language, { withinVpc: string; outIpv4: string; outIpv6: string }> = {
  'zh-TW': { withinVpc: 'VPC 內部流量', outIpv4: '所有 IPv4 對外流量', outIpv6: '所有 IPv6 對外流量' },
  en: { withinVpc: 'Traffic within the VPC', outIpv4: 'All outbound IPv4', outIpv6: 'All outbound IPv6' },
};

/** The VPC a customer starts with, standing available (tests write it directly too). */
export const defaultVpc = (clientId: string, cidrIpv4: string) => ({
  clientId,
  name: 'default',
  status: VpcStatus.AVAILABLE,
  routeLevel: RouteLevel.PROFESSIONAL,
  chargeMode: ChargeMode.FIXED,
  bandwidthLimit: 100,
  cidrIpv4,
});

/**
 * The network a customer starts with, as on most clouds: one VPC and a firewall in it, so the
 * first VM can be created before any network page is opened. Its rules' remarks are in `language`.
 */
export async function createDefaultNetwork(
  db: Db,
  clientId: string,
  cidrIpv4 = '10.0.0.0/16',
  language: Language = DEFAULT_LANGUAGE,
) {
  const remarks = REMARKS[language];
  const [vpc] = await db
    .insert(vpcs)
    .values({ ...defaultVpc(clientId, cidrIpv4), cidrIpv6: '2001:db8:10::/56' })
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
      remark: remarks.withinVpc,
      position: 0,
    },
    {
      ...rule,
      direction: FwrDirection.OUTBOUND,
      ipVersion: FwrIpVer.IPV4,
      cidr: '0.0.0.0/0',
      remark: remarks.outIpv4,
      position: 1,
    },
    {
      ...rule,
      direction: FwrDirection.OUTBOUND,
      ipVersion: FwrIpVer.IPV6,
      cidr: '::/0',
      remark: remarks.outIpv6,
      position: 2,
    },
  ]);
  return { vpc: vpc!, firewall: firewall! };
}
