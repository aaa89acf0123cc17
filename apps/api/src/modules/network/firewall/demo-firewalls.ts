import { and, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, FirewallStatus, type CloudReason, type Language } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { firewalls, vmFirewalls, vms, vpcs } from '../../../db/schema/index.js';
import { insertRules, rules, type RuleRow } from './rule-rows.js';

const OFFICE = '203.0.113.0/24';
const VPN = '198.51.100.0/24';
const DAY = 86_400_000;

/** The rules' remarks in the demo customer's language (the outbound ones as the default firewall's). */
const REMARKS = {
  'zh-TW': {
    sshOffice: '從辦公室 SSH 連線',
    http: 'HTTP 網站服務',
    https: 'HTTPS 網站服務',
    httpV6: 'HTTP 網站服務（IPv6）',
    httpsV6: 'HTTPS 網站服務（IPv6）',
    ping: '允許 Ping',
    sshVpn: '從 VPN SSH 連線',
    pingOffice: '從辦公室 Ping',
    blockedScanner: '封鎖掃描來源網段',
    postgresVpc: '從 VPC 連線 PostgreSQL',
    redisVpc: '從 VPC 連線 Redis',
    sshBastion: '從跳板機子網路 SSH 連線',
    pingVpc: 'VPC 內部 Ping',
    rdpOffice: '從辦公室遠端桌面連線',
    openVpn: 'OpenVPN 連線',
    ike: 'IPsec VPN 金鑰交換（IKE）',
    outIpv4: '所有 IPv4 對外流量',
    outIpv6: '所有 IPv6 對外流量',
  },
  en: {
    sshOffice: 'SSH from the office',
    http: 'HTTP',
    https: 'HTTPS',
    httpV6: 'HTTP over IPv6',
    httpsV6: 'HTTPS over IPv6',
    ping: 'Ping',
    sshVpn: 'SSH from the VPN',
    pingOffice: 'Ping from the office',
    blockedScanner: 'Blocked scanner range',
    postgresVpc: 'PostgreSQL from the VPC',
    redisVpc: 'Redis from the VPC',
    sshBastion: 'SSH from the bastion subnet',
    pingVpc: 'Ping within the VPC',
    rdpOffice: 'Remote desktop from the office',
    openVpn: 'OpenVPN',
    ike: 'IKE',
    outIpv4: 'All outbound IPv4',
    outIpv6: 'All outbound IPv6',
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * The demo customer's firewalls beside the default one: a web tier open on HTTP/HTTPS with SSH
 * from the office, a bastion, a database tier reachable only inside the VPC, an RDP one, and one
 * the cloud refused, so the pages show what a working account has. Written as they are, without
 * the cloud (the simulator takes them as they come), in the demo fleet's VPC ("default") and on
 * its VMs by name (compute/demo-fleet.ts). The rules' remarks are in `language`.
 */
export async function seedDemoFirewalls(
  db: Db,
  clientId: string,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): Promise<void> {
  const [vpc] = await db
    .select({ id: vpcs.id, cidrIpv4: vpcs.cidrIpv4 })
    .from(vpcs)
    .where(and(eq(vpcs.clientId, clientId), eq(vpcs.name, 'default')));
  if (!vpc) return;
  const fleet = await db.select({ id: vms.id, name: vms.name }).from(vms).where(eq(vms.clientId, clientId));
  const vmId = new Map(fleet.map((v) => [v.name, v.id]));
  const say = REMARKS[language];
  const outbound = [rules.outAll(say.outIpv4), rules.outAll(say.outIpv6, 2)];
  const made: { name: string; days: number; list: RuleRow[]; vms: string[]; reason?: CloudReason }[] = [
    {
      name: 'web-public',
      days: 118,
      list: [
        rules.inTcp(22, OFFICE, say.sshOffice),
        rules.inTcp(80, '0.0.0.0/0', say.http),
        rules.inTcp(443, '0.0.0.0/0', say.https),
        rules.inTcp(80, '::/0', say.httpV6, 2),
        rules.inTcp(443, '::/0', say.httpsV6, 2),
        rules.inIcmp('0.0.0.0/0', say.ping),
        ...outbound,
      ],
      vms: ['web-01', 'web-02', 'staging-web'],
    },
    {
      name: 'bastion-ssh',
      days: 290,
      list: [
        rules.inTcp(22, OFFICE, say.sshOffice),
        rules.inTcp(22, VPN, say.sshVpn),
        rules.inIcmp(OFFICE, say.pingOffice),
        rules.denyIn('192.0.2.0/24', say.blockedScanner),
        ...outbound,
      ],
      vms: ['bastion'],
    },
    {
      name: 'database-internal',
      days: 199,
      list: [
        rules.inTcp(5432, vpc.cidrIpv4, say.postgresVpc),
        rules.inTcp(6379, vpc.cidrIpv4, say.redisVpc),
        rules.inTcp(22, '10.0.0.0/24', say.sshBastion),
        rules.inIcmp(vpc.cidrIpv4, say.pingVpc),
        rules.outAll(say.outIpv4),
      ],
      vms: ['db-primary', 'db-replica', 'cache-01'],
    },
    {
      name: 'windows-rdp',
      days: 74,
      list: [rules.inTcp(3389, OFFICE, say.rdpOffice), rules.inIcmp(OFFICE, say.ping), ...outbound],
      vms: ['win-reporting'],
    },
    {
      name: 'legacy-vpn',
      days: 3,
      list: [
        rules.inUdp(1194, '0.0.0.0/0', say.openVpn),
        rules.inUdp(500, '0.0.0.0/0', say.ike),
        ...outbound,
      ],
      vms: [],
      // The rule quota was reached: a code, which the page words in its language (decision 0026).
      reason: 'CLOUD_NO_CAPACITY',
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
