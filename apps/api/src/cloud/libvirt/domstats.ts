import type { ServerMetrics } from '../driver.js';

/** Each domain's fields from `virsh domstats --raw` (`Domain: 'name'`, then `  key=value` lines). */
export function parseDomstats(output: string): Map<string, Map<string, string>> {
  const domains = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of output.split('\n')) {
    const head = /^Domain:\s*'(.*)'\s*$/.exec(line);
    if (head) {
      current = new Map();
      domains.set(head[1]!, current);
      continue;
    }
    const field = /^\s+([\w.]+)=(.*)$/.exec(line);
    if (field && current) current.set(field[1]!, field[2]!.trim());
  }
  return domains;
}

/** One reading of a domain's counters, at a time by the portal's clock. */
export interface DomainCounters {
  atMs: number;
  /** CPU time of all vCPUs, nanoseconds. */
  cpuTimeNs: number;
  vcpus: number;
  /** Memory in use by the guest, percent, where the balloon driver reports it. */
  memPct: number | null;
  diskReadBytes: number;
  diskWriteBytes: number;
  /** As the guest sees it: rx is what it received. */
  netRxBytes: number;
  netTxBytes: number;
}

const num = (fields: Map<string, string>, key: string) => {
  const value = Number(fields.get(key));
  return Number.isFinite(value) ? value : 0;
};

/** The sum of `prefix.N.suffix` over the `prefix.count` devices (every disk, every interface). */
function sumOf(fields: Map<string, string>, prefix: string, suffix: string): number {
  let total = 0;
  for (let i = 0; i < num(fields, `${prefix}.count`); i++) total += num(fields, `${prefix}.${i}.${suffix}`);
  return total;
}

/**
 * A domain's counters from its domstats fields. Memory in use is the guest's own figure (the
 * balloon's `available` minus `unused`, KiB) when its virtio-balloon driver reports them, else
 * the QEMU process's resident memory against the domain's (`rss` of `current`), an upper bound.
 */
export function countersOf(fields: Map<string, string>, atMs: number): DomainCounters {
  const available = num(fields, 'balloon.available');
  const unused = fields.has('balloon.unused') ? num(fields, 'balloon.unused') : null;
  const current = num(fields, 'balloon.current');
  const rss = num(fields, 'balloon.rss');
  const memPct =
    available > 0 && unused !== null
      ? ((available - unused) / available) * 100
      : current > 0 && rss > 0
        ? (rss / current) * 100
        : null;
  return {
    atMs,
    cpuTimeNs: num(fields, 'cpu.time'),
    vcpus: Math.max(1, num(fields, 'vcpu.current') || num(fields, 'vcpu.maximum') || 1),
    memPct,
    diskReadBytes: sumOf(fields, 'block', 'rd.bytes'),
    diskWriteBytes: sumOf(fields, 'block', 'wr.bytes'),
    netRxBytes: sumOf(fields, 'net', 'rx.bytes'),
    netTxBytes: sumOf(fields, 'net', 'tx.bytes'),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The readings between two counters of one domain, in the simulator's units (percent with two
 * decimals, bytes per second as integers); null when there is no period to speak of or a counter
 * went back (the domain was started again between them: the later reading starts a new period).
 */
export function metricsBetween(before: DomainCounters, after: DomainCounters): ServerMetrics | null {
  const seconds = (after.atMs - before.atMs) / 1000;
  if (seconds <= 0) return null;
  const delta = {
    cpu: after.cpuTimeNs - before.cpuTimeNs,
    rd: after.diskReadBytes - before.diskReadBytes,
    wr: after.diskWriteBytes - before.diskWriteBytes,
    rx: after.netRxBytes - before.netRxBytes,
    tx: after.netTxBytes - before.netTxBytes,
  };
  if (Object.values(delta).some((d) => d < 0)) return null;
  const rate = (bytes: number) => Math.round(bytes / seconds);
  return {
    cpuPct: round2(clamp((delta.cpu / (seconds * 1e9 * after.vcpus)) * 100, 0, 100)),
    memPct: round2(clamp(after.memPct ?? 0, 0, 100)),
    diskReadBps: rate(delta.rd),
    diskWriteBps: rate(delta.wr),
    netInBps: rate(delta.rx),
    netOutBps: rate(delta.tx),
  };
}
