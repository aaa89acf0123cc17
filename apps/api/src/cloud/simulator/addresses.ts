import { ipv4Network } from '@portal/shared';

/** An IPv4 address as text, from its number. */
export const toText = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');

/**
 * The lowest free host address of a segment from its eleventh on (the first ten are the
 * gateway's and the cloud's own, as on most clouds), or null when the segment is full.
 */
export function freeHostAddress(cidr: string, taken: ReadonlySet<string>): string | null {
  const net = ipv4Network(cidr);
  if (!net) return null;
  for (let offset = Math.min(10, net.size - 2); offset < net.size - 1; offset++) {
    if (offset < 1) continue;
    const address = toText(net.first + offset);
    if (!taken.has(address)) return address;
  }
  return null;
}

/** Public addresses come from the documentation ranges (RFC 5737): nothing real is ever named. */
const PUBLIC_POOLS = ['203.0.113.0/24', '198.51.100.0/24'];

export function freePublicAddress(taken: ReadonlySet<string>, random: () => number): string | null {
  const candidates = PUBLIC_POOLS.flatMap((pool) => {
    const net = ipv4Network(pool)!;
    return Array.from({ length: net.size - 2 }, (_, i) => toText(net.first + 1 + i));
  }).filter((a) => !taken.has(a));
  if (candidates.length === 0) return null;
  return candidates[Math.floor(random() * candidates.length)] ?? null;
}

/** An IPv6 address in the VPC's range for a server, derived from its id (stable across retries). */
export function hostIpv6(range: string, serverId: string): string | null {
  if (range === '-1' || range === '') return null;
  const prefix = range.split('/')[0]!.replace(/::$/, '');
  const suffix = serverId.replace(/-/g, '').slice(-8);
  return `${prefix}::${suffix.slice(0, 4)}:${suffix.slice(4)}`;
}
