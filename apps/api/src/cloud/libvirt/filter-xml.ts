import { createHash } from 'node:crypto';
import { FwrDirection, FwrIpVer, FwrOperate, FwrType, ipv4Network } from '@portal/shared';
import type { FirewallRuleSpec, FirewallSpec } from '../driver.js';
import { xmlText } from './xml-text.js';

/** A firewall's network filter, and a server's (which refers to its firewalls' filters). */
export const firewallFilterName = (firewallId: string) => `portal-fw-${firewallId}`;
export const serverFilterName = (serverId: string) => `portal-vm-${serverId}`;

/**
 * A filter's uuid, from its name: libvirt takes a definition again (a change) only with the uuid
 * it has, so the same name always gets the same one.
 */
export function filterUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The opening of a filter: its name and uuid, in the root chain. */
const filterHead = (name: string) => [
  `<filter name='${xmlText(name)}' chain='root'>`,
  `  <uuid>${filterUuid(name)}</uuid>`,
];

/** libvirt's protocol elements: IPv4 first, IPv6 second. */
const PROTOCOLS: Record<number, [string, string]> = {
  [FwrType.ALL]: ['all', 'all-ipv6'],
  [FwrType.TCP]: ['tcp', 'tcp-ipv6'],
  [FwrType.UDP]: ['udp', 'udp-ipv6'],
  [FwrType.ICMP]: ['icmp', 'icmpv6'],
};

/** The address and mask attributes of a rule's CIDR; none for "anywhere". */
function cidrAttributes(cidr: string, side: 'src' | 'dst', ipv6: boolean): string[] {
  const [address = '', prefix = ''] = cidr.split('/');
  if (prefix === '0') return [];
  if (!ipv6 && !ipv4Network(cidr)) throw new Error(`invalid address range in a firewall rule: ${cidr}`);
  if (ipv6 && !/^[0-9a-f:]+$/i.test(address))
    throw new Error(`invalid address range in a firewall rule: ${cidr}`);
  return [
    `${side}ipaddr='${xmlText(address)}'`,
    `${side}ipmask='${xmlText(prefix || (ipv6 ? '128' : '32'))}'`,
  ];
}

/**
 * One rule as libvirt matches it. libvirt's direction is the guest's: `in` is traffic to it, `out`
 * traffic from it. The range names the far side: the source of what comes in, the destination of
 * what goes out. A port is the guest's own for inbound traffic and the far side's for outbound:
 * both are the packet's destination port. Accepts are stateful, so the replies pass.
 */
export function ruleXml(rule: FirewallRuleSpec, priority: number): string {
  const ipv6 = rule.ipVersion === FwrIpVer.IPV6;
  const inbound = rule.direction === FwrDirection.INBOUND;
  const [v4, v6] = PROTOCOLS[rule.protocol] ?? PROTOCOLS[FwrType.ALL]!;
  const ported = (rule.protocol === FwrType.TCP || rule.protocol === FwrType.UDP) && /^\d+$/.test(rule.port);
  const attributes = [
    ...cidrAttributes(rule.cidr, inbound ? 'src' : 'dst', ipv6),
    ...(ported ? [`dstportstart='${Number(rule.port)}'`] : []),
  ];
  const action = rule.operate === FwrOperate.DENY ? 'drop' : 'accept';
  return [
    `  <rule action='${action}' direction='${inbound ? 'in' : 'out'}' priority='${priority}'>`,
    `    <${ipv6 ? v6 : v4}${attributes.map((a) => ` ${a}`).join('')}/>`,
    '  </rule>',
  ].join('\n');
}

/** A firewall's rules, in their order (libvirt orders by priority: -500 and up). */
export function firewallFilterXml(spec: FirewallSpec): string {
  return [
    ...filterHead(firewallFilterName(spec.firewallId)),
    ...spec.rules.map((rule, i) => ruleXml(rule, Math.min(-500 + i, 899))),
    '</filter>',
  ].join('\n');
}

/**
 * A server's filter: its firewalls' rules, then everything else over IP dropped both ways (a
 * security group's "deny unless allowed"). ARP is not IP: neighbours still find each other.
 */
export function serverFilterXml(serverId: string, firewallIds: string[]): string {
  return [
    ...filterHead(serverFilterName(serverId)),
    ...firewallIds.map((id) => `  <filterref filter='${xmlText(firewallFilterName(id))}'/>`),
    "  <rule action='drop' direction='inout' priority='900'>",
    '    <all/>',
    '  </rule>',
    "  <rule action='drop' direction='inout' priority='900'>",
    '    <all-ipv6/>',
    '  </rule>',
    '</filter>',
  ].join('\n');
}

/** The firewalls a dumped server filter refers to, in order. */
export const filterFirewalls = (filterDump: string): string[] =>
  [...filterDump.matchAll(/<filterref filter=['"]portal-fw-([^'"]+)['"]/g)].map((m) => m[1]!);
