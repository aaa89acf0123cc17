import { IPV4_PREFIX_MAX, IPV6_PREFIX_MAX, PORT_MAX, PORT_MIN } from '../constants.js';
import { type Rule, text, withValues } from './rule.js';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function ipv4Text(s: string): boolean {
  return IPV4.test(s);
}

export const isIPv4: Rule = (value) => {
  const s = text(value);
  return s !== null && IPV4.test(s) ? true : 'validation.needBeFormat.IPv4';
};

/** An IPv4 network: 1 to 4 octets (missing ones are zero), a slash and a prefix 0-32. */
export const isIPv4Range: Rule = (value) => {
  const s = text(value);
  const m = s === null ? null : /^([\d.]+)\/(\d{1,2})$/.exec(s);
  if (!m) return 'validation.needBeFormat.IPv4Range';
  const octets = (m[1] as string).split('.');
  const prefix = Number(m[2]);
  const octetOk =
    octets.length >= 1 && octets.length <= 4 && octets.every((o) => new RegExp(`^${OCTET}$`).test(o));
  return octetOk && prefix <= IPV4_PREFIX_MAX ? true : 'validation.needBeFormat.IPv4Range';
};

function ipv6Address(s: string): boolean {
  if (s.length === 0 || s.length > 45) return false;
  let groups = s;
  let extra = 0;
  // An embedded IPv4 tail (::ffff:10.0.0.1) counts as two groups.
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    groups = s.slice(0, lastColon + 1) + '0';
    extra = 1;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const part = (h: string) => (h === '' ? [] : h.split(':'));
  const head = part(halves[0] as string);
  const rest = halves.length === 2 ? part(halves[1] as string) : [];
  const all = [...head, ...rest];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = all.length + extra;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** An IPv6 address with an optional prefix up to 128. */
export const isIPv6: Rule = (value) => {
  const s = text(value);
  if (s === null) return 'validation.needBeFormat.IPv6Range';
  const [address, prefix, more] = s.split('/');
  if (more !== undefined) return 'validation.needBeFormat.IPv6Range';
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= IPV6_PREFIX_MAX)) {
    return 'validation.needBeFormat.IPv6Range';
  }
  return ipv6Address(address as string) ? true : 'validation.needBeFormat.IPv6Range';
};

/** A host: IPv4, IPv6 or a domain name. */
export const isHost: Rule = (value) => {
  const s = text(value);
  if (s === null) return 'validation.needBeFormat.Host';
  if (IPV4.test(s) || ipv6Address(s)) return true;
  const domain =
    /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  return domain.test(s) ? true : 'validation.needBeFormat.Host';
};

export const isPort: Rule = withValues(
  (value) => {
    const s = text(value);
    if (s === null || !/^\d+$/.test(s)) return 'validation.needBePort';
    const n = Number(s);
    return n >= PORT_MIN && n <= PORT_MAX ? true : 'validation.needBePort';
  },
  { min: PORT_MIN, max: PORT_MAX },
);

/** Firewall rule protocol (fwrType): 0 ALL, 1 TCP, 2 UDP, 3 ICMP. */
export type FirewallProtocol = 0 | 1 | 2 | 3;

/**
 * Firewall port by protocol: ALL needs "Any"; TCP and UDP a single port 1-65535 (no ranges);
 * ICMP needs -1. An empty port is "cannot be empty".
 */
export function firewallPort(protocol: FirewallProtocol, port: unknown): true | string {
  const s = text(port);
  if (s === null || s.trim() === '') return 'validation.notEmpty';
  switch (protocol) {
    case 0:
      return s === 'Any' ? true : 'validation.firewallPort.all';
    case 1:
    case 2:
      return isPort(s) === true ? true : 'validation.firewallPort.tcpUdp';
    case 3:
      return s === '-1' ? true : 'validation.firewallPort.icmp';
    default:
      return 'validation.firewallPort.protocol';
  }
}

/** Firewall rule IP version (fwrIpVer): 1 IPv4, 2 IPv6. */
export type FirewallIpVersion = 1 | 2;

/**
 * A firewall rule's destination range for its IP version: an IPv4 range (`203.0.113.0/24`,
 * `0.0.0.0/0`) or an IPv6 address with an optional prefix (`::/0`, `2001:db8::/32`). Empty is
 * "cannot be empty".
 */
export function firewallCidr(ipVersion: FirewallIpVersion, value: unknown): true | string {
  const s = text(value);
  if (s === null || s.trim() === '') return 'validation.notEmpty';
  const result = ipVersion === 2 ? isIPv6(s.trim()) : isIPv4Range(s.trim());
  return result === true ? true : result;
}

/** An IPv4 address as an unsigned 32-bit number, or null when it is not one. */
export function ipv4ToNumber(s: string): number | null {
  if (!IPV4.test(s)) return null;
  return s.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

/** The first address and size of an IPv4 network written as a range (`10.0.0.0/16`), or null. */
export function ipv4Network(range: string): { first: number; size: number } | null {
  if (isIPv4Range(range) !== true) return null;
  const [address = '', prefixText = ''] = range.split('/');
  const octets = address.split('.');
  while (octets.length < 4) octets.push('0');
  const base = ipv4ToNumber(octets.join('.'));
  if (base === null) return null;
  const size = 2 ** (IPV4_PREFIX_MAX - Number(prefixText));
  return { first: base - (base % size), size };
}

/** Whether an address lies inside a network (`10.0.3.7` in `10.0.0.0/16`). */
export function ipv4InRange(ip: string, range: string): boolean {
  const n = ipv4ToNumber(ip);
  const net = ipv4Network(range);
  return n !== null && net !== null && n >= net.first && n < net.first + net.size;
}

/** Whether the network `inner` lies wholly inside `outer` (a VNI's segment inside its VPC's). */
export function ipv4RangeWithin(inner: string, outer: string): boolean {
  const a = ipv4Network(inner);
  const b = ipv4Network(outer);
  return a !== null && b !== null && a.first >= b.first && a.first + a.size <= b.first + b.size;
}

/** A VNI's private address must be a host address of its segment (not the network or broadcast). */
export function ipv4HostOf(range: string): Rule {
  return (value) => {
    const s = text(value);
    const n = s === null ? null : ipv4ToNumber(s);
    if (n === null) return 'validation.needBeFormat.IPv4';
    const net = ipv4Network(range);
    const inside = net !== null && n > net.first && n < net.first + net.size - 1;
    return inside ? true : 'validation.ipOutsideCidr';
  };
}
