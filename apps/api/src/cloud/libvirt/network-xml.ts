import { createHash } from 'node:crypto';
import { ipv4Network } from '@portal/shared';
import { toText } from '../simulator/addresses.js';
import { xmlText } from './xml-text.js';

/** The libvirt network of a VPC (by its id), or of a segment where the request names no VPC. */
export const networkName = (key: string) => `vpc-${key}`;

/** Linux bridge names have at most 15 characters: a short hash of the network's name. */
export const bridgeName = (network: string) =>
  `vb${createHash('sha256').update(network).digest('hex').slice(0, 12)}`;

export interface VpcNetwork {
  name: string;
  /** The segment (`10.0.1.0/24`): the host takes its first address as the gateway. */
  cidrIpv4: string;
  /** Guests reach out through the host's NAT (a VM with a public address); else isolated. */
  nat: boolean;
}

/**
 * A VPC as a libvirt network: its own bridge, the host at the segment's first address, DHCP from
 * the eleventh (the first ten are the cloud's, as freeHostAddress leaves them) to the last but
 * one. Without `nat` there is no `<forward>`: guests reach each other and the host, nothing else.
 */
export function networkXml(net: VpcNetwork): string {
  const range = ipv4Network(net.cidrIpv4);
  if (!range || range.size < 4) throw new Error(`invalid segment for a network: ${net.cidrIpv4}`);
  const prefix = 32 - Math.log2(range.size);
  const dhcpFirst = range.first + Math.min(10, range.size - 2);
  const dhcpLast = range.first + range.size - 2;
  return [
    '<network>',
    `  <name>${xmlText(net.name)}</name>`,
    ...(net.nat ? ["  <forward mode='nat'/>"] : []),
    `  <bridge name='${bridgeName(net.name)}' stp='on' delay='0'/>`,
    `  <ip address='${toText(range.first + 1)}' prefix='${prefix}'>`,
    '    <dhcp>',
    `      <range start='${toText(dhcpFirst)}' end='${toText(dhcpLast)}'/>`,
    '    </dhcp>',
    '  </ip>',
    '</network>',
  ].join('\n');
}

/** A fixed lease: the guest with this MAC always gets this address (`virsh net-update ... ip-dhcp-host`). */
export const dhcpHostXml = (mac: string, ip: string) => `<host mac='${xmlText(mac)}' ip='${xmlText(ip)}'/>`;

/** The fixed leases of a network, from `virsh net-dumpxml`. */
export function dhcpHosts(networkDump: string): { mac: string; ip: string }[] {
  const hosts: { mac: string; ip: string }[] = [];
  for (const [tag] of networkDump.matchAll(/<host\b[^>]*>/g)) {
    const mac = /\bmac=['"]([^'"]+)['"]/.exec(tag)?.[1];
    const ip = /\bip=['"]([^'"]+)['"]/.exec(tag)?.[1];
    if (mac && ip) hosts.push({ mac: mac.toLowerCase(), ip });
  }
  return hosts;
}
