import { createHash } from 'node:crypto';
import { ipv4Network } from '@portal/shared';
import { xmlText } from './xml-text.js';

/** The libvirt network of a VPC (by its id), or of a segment where the request names no VPC. */
export const networkName = (key: string) => `vpc-${key}`;

/** Linux bridge names have at most 15 characters: a short hash of the network's name. */
export const bridgeName = (network: string) =>
  `vb${createHash('sha256').update(network).digest('hex').slice(0, 12)}`;

/**
 * A VPC as a libvirt network: a bridge of its own and nothing else (decision 0037). The host takes
 * no address on it, so it has no route into the VPC: two customers' VPCs may use the same range
 * (libvirt refuses a second network whose range the host already routes), and a guest reaches
 * only the guests on its own bridge. Without `<ip>` libvirt runs no DHCP server; a guest gets
 * its address on its kernel's command line (`guestAddressArg`).
 */
export function networkXml(name: string): string {
  return [
    '<network>',
    `  <name>${xmlText(name)}</name>`,
    `  <bridge name='${bridgeName(name)}' stp='on' delay='0'/>`,
    '</network>',
  ].join('\n');
}

/** The kernel argument that gives a guest its address and prefix: `portal.ip=10.0.1.10/24`. */
export function guestAddressArg(address: string, cidrIpv4: string): string {
  const range = ipv4Network(cidrIpv4);
  if (!range || range.size < 4) throw new Error(`invalid segment for a network: ${cidrIpv4}`);
  return `portal.ip=${address}/${32 - Math.log2(range.size)}`;
}

/** A dumped domain's address on its network, read back from its kernel's command line. */
export const guestAddressOf = (domainDump: string): string | null =>
  /\bportal\.ip=(\d{1,3}(?:\.\d{1,3}){3})\//.exec(domainDump)?.[1] ?? null;

/** The libvirt network a dumped domain's (first) interface is on. */
export const guestNetworkOf = (domainDump: string): string | null =>
  /<source network=['"]([^'"]+)['"]/.exec(domainDump)?.[1] ?? null;
