import { and, eq } from 'drizzle-orm';
import { FirewallStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { firewalls, vmFirewalls, vms, vpcs } from '../../../db/schema/index.js';
import { insertRules, rules, type RuleRow } from './rule-rows.js';

const OFFICE = '203.0.113.0/24';
const VPN = '198.51.100.0/24';
const DAY = 86_400_000;

/**
 * The demo customer's firewalls beside the default one: a web tier open on HTTP/HTTPS with SSH
 * from the office, a bastion, a database tier reachable only inside the VPC, an RDP one, and one
 * the cloud refused, so the pages show what a working account has. Written as they are, without
 * the cloud (the simulator takes them as they come), in the demo fleet's VPC ("default") and on
 * its VMs by name (compute/demo-fleet.ts).
 */
export async function seedDemoFirewalls(db: Db, clientId: string, now = new Date()): Promise<void> {
  const [vpc] = await db
    .select({ id: vpcs.id, cidrIpv4: vpcs.cidrIpv4 })
    .from(vpcs)
    .where(and(eq(vpcs.clientId, clientId), eq(vpcs.name, 'default')));
  if (!vpc) return;
  const fleet = await db.select({ id: vms.id, name: vms.name }).from(vms).where(eq(vms.clientId, clientId));
  const vmId = new Map(fleet.map((v) => [v.name, v.id]));
  const outbound = [rules.outAll('All outbound IPv4'), rules.outAll('All outbound IPv6', 2)];
  const made: { name: string; days: number; list: RuleRow[]; vms: string[]; reason?: string }[] = [
    {
      name: 'web-public',
      days: 118,
      list: [
        rules.inTcp(22, OFFICE, 'SSH from the office'),
        rules.inTcp(80, '0.0.0.0/0', 'HTTP'),
        rules.inTcp(443, '0.0.0.0/0', 'HTTPS'),
        rules.inTcp(80, '::/0', 'HTTP over IPv6', 2),
        rules.inTcp(443, '::/0', 'HTTPS over IPv6', 2),
        rules.inIcmp('0.0.0.0/0', 'Ping'),
        ...outbound,
      ],
      vms: ['web-01', 'web-02', 'staging-web'],
    },
    {
      name: 'bastion-ssh',
      days: 290,
      list: [
        rules.inTcp(22, OFFICE, 'SSH from the office'),
        rules.inTcp(22, VPN, 'SSH from the VPN'),
        rules.inIcmp(OFFICE, 'Ping from the office'),
        rules.denyIn('192.0.2.0/24', 'Blocked scanner range'),
        ...outbound,
      ],
      vms: ['bastion'],
    },
    {
      name: 'database-internal',
      days: 199,
      list: [
        rules.inTcp(5432, vpc.cidrIpv4, 'PostgreSQL from the VPC'),
        rules.inTcp(6379, vpc.cidrIpv4, 'Redis from the VPC'),
        rules.inTcp(22, '10.0.0.0/24', 'SSH from the bastion subnet'),
        rules.inIcmp(vpc.cidrIpv4, 'Ping within the VPC'),
        rules.outAll('All outbound IPv4'),
      ],
      vms: ['db-primary', 'db-replica', 'cache-01'],
    },
    {
      name: 'windows-rdp',
      days: 74,
      list: [
        rules.inTcp(3389, OFFICE, 'Remote desktop from the office'),
        rules.inIcmp(OFFICE, 'Ping'),
        ...outbound,
      ],
      vms: ['win-reporting'],
    },
    {
      name: 'legacy-vpn',
      days: 3,
      list: [rules.inUdp(1194, '0.0.0.0/0', 'OpenVPN'), rules.inUdp(500, '0.0.0.0/0', 'IKE'), ...outbound],
      vms: [],
      reason: 'security group rule quota reached in region tpe-1; remove a rule or save again to retry',
    },
  ];
  for (const f of made) {
    const [row] = await db
      .insert(firewalls)
      .values({
        clientId,
        vpcId: vpc.id,
        name: f.name,
        status: f.reason ? FirewallStatus.ERROR : FirewallStatus.EDITABLE,
        statusReason: f.reason ?? null,
        createdAt: new Date(now.getTime() - f.days * DAY),
      })
      .returning({ id: firewalls.id });
    await insertRules(db, clientId, row!.id, f.list);
    const members = f.vms.map((name) => vmId.get(name)).filter((id): id is string => id !== undefined);
    if (members.length > 0) {
      await db
        .insert(vmFirewalls)
        .values(members.map((vmId) => ({ clientId, vmId, firewallId: row!.id, sort: 1 })));
    }
  }
}
