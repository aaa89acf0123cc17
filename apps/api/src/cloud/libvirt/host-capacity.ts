const KIB = 1024;
const GIB = 1024 ** 3;

/** `Key: value` lines (`virsh nodememstats`, `nodeinfo`, `pool-info --bytes`) by lower-case key, as numbers. */
export function numbersOf(output: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of output.split('\n')) {
    const row = /^\s*([^:]+?)\s*:\s*([\d.]+)/.exec(line);
    if (row) values.set(row[1]!.toLowerCase(), Number(row[2]));
  }
  return values;
}

export interface HostMemory {
  /** `nodememstats` (KiB): what the kernel could hand out now. */
  totalKib: number;
  freeKib: number;
  buffersKib: number;
  cachedKib: number;
  /** The memory of the guests running now (their balloon maximum, KiB). */
  committedKib: number;
}

/**
 * Why a guest of `askedGb` does not fit in the host's memory, or null when it does. QEMU takes a
 * guest's memory as the guest touches it, so the host's free figure alone would let many guests
 * start and fail later: the guests already running count at their full size against the host's
 * memory times `allocationRatio` (1: no overcommit; as OpenStack's `ram_allocation_ratio`), the
 * host keeps `reserveKib` for itself, and the kernel's free figure (free, buffers, cache) must
 * hold the new guest too.
 */
export function memoryRefusal(
  host: HostMemory,
  askedGb: number,
  reserveKib: number,
  allocationRatio = 1,
): string | null {
  const askedKib = askedGb * 1024 * 1024;
  const room = Math.min(
    host.totalKib * allocationRatio - reserveKib - host.committedKib,
    host.freeKib + host.buffersKib + host.cachedKib,
  );
  if (askedKib <= room) return null;
  const mib = (kib: number) => Math.max(0, Math.floor(kib / KIB));
  return `insufficient host memory: ${mib(askedKib)} MiB asked, ${mib(room)} MiB free`;
}

/** Why volumes of `askedGb` in all do not fit in the pool (their full capacity counts), or null. */
export function diskRefusal(pool: string, availableBytes: number, askedGb: number): string | null {
  if (askedGb * GIB <= availableBytes) return null;
  const gib = (bytes: number) => (Math.max(0, bytes) / GIB).toFixed(1);
  return `insufficient space in pool ${pool}: ${askedGb} GiB asked, ${gib(availableBytes)} GiB free`;
}
