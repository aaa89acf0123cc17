import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { simServers } from '../../db/schema/index.js';
import { sqlArray } from '../../db/sql-array.js';
import type { ServerMetrics } from '../driver.js';

/** What the simulated cloud knows of a running server that its readings depend on. */
export interface SimulatedLoad {
  id: string;
  cpu: number;
  ramGb: number;
  bootedAt: Date | null;
  /** A `stress` run in the guest's console keeps the CPU near full until then. */
  stressUntil: Date | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const KB = 1024;

/** A 32-bit hash of a string (FNV-1a), the seed of a server's own habits. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) from a seed and two integers, the same every time they are the same. */
function unit(seed: number, a: number, b = 0): number {
  let h = seed ^ Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

/** Noise in [-1, 1] that drifts smoothly between knots `period` apart (a load that wanders, not jitters). */
function drift(seed: number, channel: number, t: number, period: number): number {
  const k = Math.floor(t / period);
  const f = t / period - k;
  const smooth = f * f * (3 - 2 * f);
  const a = unit(seed, k, channel) * 2 - 1;
  const b = unit(seed, k + 1, channel) * 2 - 1;
  return a + (b - a) * smooth;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * A running server's readings at `at`: each server has its own habits (a base load, how much it
 * follows the working day, its disk and network appetite), drawn from its id; on top come the
 * working day of Taiwan (busiest in the afternoon, UTC+8), a drift over minutes, a little jitter,
 * now and then a burst, a busy first minutes after a boot, and a `stress` run from the console.
 * The same server at the same time always reads the same, so tests and retries agree.
 */
export function simulatedReading(server: SimulatedLoad, at: Date): ServerMetrics {
  const seed = hashText(server.id);
  const t = at.getTime();
  const minute = Math.floor(t / MINUTE);
  const habit = (n: number) => unit(seed, 0x5eed, n);

  const baseCpu = 4 + habit(1) * 30;
  const dayCpu = 4 + habit(2) * 26;
  // Peak between 13:00 and 17:00 Taiwan time (05:00-09:00 UTC).
  const peakHourUtc = 5 + habit(3) * 4;
  const hourUtc = (t % (24 * HOUR)) / HOUR;
  const day = 0.5 + 0.5 * Math.cos((2 * Math.PI * (hourUtc - peakHourUtc)) / 24);
  const jitter = (channel: number) => unit(seed, minute, channel) * 2 - 1;

  let cpu = baseCpu + dayCpu * day + 7 * drift(seed, 1, t, 7 * MINUTE) + 2.5 * jitter(1);
  // A burst (a cron job, a deploy) in about one block of ten minutes in forty.
  if (unit(seed, Math.floor(minute / 10), 99) > 0.975) cpu += 25 + 20 * unit(seed, minute, 98);
  const sinceBoot = server.bootedAt ? t - server.bootedAt.getTime() : Infinity;
  const booting = sinceBoot >= 0 && sinceBoot < 3 * MINUTE;
  if (booting) cpu = Math.max(cpu, 55 + 20 * unit(seed, minute, 97));
  const stressed = server.stressUntil !== null && t < server.stressUntil.getTime();
  if (stressed) cpu = 95 + 2.5 * jitter(2);

  const baseMem = 22 + habit(4) * 45;
  let mem = baseMem + 9 * day + 3 * drift(seed, 2, t, 30 * MINUTE) + 0.6 * jitter(3);
  if (booting) mem = baseMem * 0.6;
  if (stressed) mem += 4;

  const diskScale = (40 + habit(5) * 900) * KB;
  const netScale = (15 + habit(6) * 2500) * KB;
  const busy = 0.25 + day + 0.3 * drift(seed, 3, t, 11 * MINUTE);
  const diskRead = diskScale * (booting ? 12 : 1) * busy * (1 + 0.2 * jitter(4));
  const diskWrite = diskScale * (0.4 + habit(7)) * busy * (1 + 0.2 * jitter(5));
  const netIn = netScale * busy * (1 + 0.2 * jitter(6));
  const netOut = netScale * (0.3 + habit(8) * 2.5) * busy * (1 + 0.2 * jitter(7));

  return {
    cpuPct: round(clamp(cpu, 0.3, 100), 2),
    memPct: round(clamp(mem, 3, 99), 2),
    diskReadBps: Math.round(Math.max(0, diskRead)),
    diskWriteBps: Math.round(Math.max(0, diskWrite)),
    netInBps: Math.round(Math.max(0, netIn)),
    netOutBps: Math.round(Math.max(0, netOut)),
  };
}

/** A PostgreSQL array literal of uuids, one parameter however many (the ids are the cloud's own). */

/** The readings of those of `ids` that are running, read from the simulated cloud's servers at once. */
export async function readSimulatedMetrics(
  db: Db,
  at: Date,
  ids: string[],
): Promise<Map<string, ServerMetrics>> {
  const readings = new Map<string, ServerMetrics>();
  if (ids.length === 0) return readings;
  const rows = await db
    .select({
      id: simServers.id,
      cpu: simServers.cpu,
      ramGb: simServers.ramGb,
      bootedAt: simServers.bootedAt,
      stressUntil: simServers.stressUntil,
    })
    .from(simServers)
    .where(
      and(
        sql`${simServers.id} = any(${sqlArray(ids, 'uuid')})`,
        eq(simServers.power, 'on'),
        isNull(simServers.deletedAt),
      ),
    );
  for (const row of rows) readings.set(row.id, simulatedReading(row, at));
  return readings;
}
