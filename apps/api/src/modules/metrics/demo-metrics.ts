import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { VmStatus } from '@portal/shared';
import { simulatedReading } from '../../cloud/simulator/metrics.js';
import type { Db } from '../../db/database.js';
import { simServers, vmMetricHourly, vmMetricSamples, vms } from '../../db/schema/index.js';
import { sqlArrays } from '../../db/sql-array.js';
import { rollupCutoff, writeTotals } from './sampler.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CHUNK = 5000;

/** The readings' columns, in the tables' order, as array parameters. */
const READINGS = [
  ['cpuPct', 'real'],
  ['memPct', 'real'],
  ['diskReadBps', 'float8'],
  ['diskWriteBps', 'float8'],
  ['netInBps', 'float8'],
  ['netOutBps', 'float8'],
] as const;
/** The demo's history: a day of minutes, and hours back to a month. */
const HISTORY_DAYS = 30;

/**
 * The demo tenant's history on a first start: what the simulated cloud's readings of its running
 * VMs were over the last day (a row per minute, with the tenant's totals) and the month before it
 * (a row per hour, averaged from readings every quarter hour), so its charts show a working
 * account from the first visit rather than one point. Never for a customer's VMs.
 */
export async function seedDemoMetrics(db: Db, clientId: string, now: Date): Promise<void> {
  const running = await db
    .select({
      id: vms.id,
      cpu: simServers.cpu,
      ramGb: simServers.ramGb,
      bootedAt: simServers.bootedAt,
      stressUntil: simServers.stressUntil,
    })
    .from(vms)
    .innerJoin(simServers, eq(simServers.id, vms.id))
    .where(and(eq(vms.clientId, clientId), eq(vms.status, VmStatus.RUNNING), isNotNull(vms.hypervisorId)));
  if (running.length === 0) return;
  // Minutes back to where the roll-up would have left them (a whole hour a day ago), hours before.
  const lastMinute = Math.floor(now.getTime() / MINUTE) * MINUTE - MINUTE;
  const firstMinute = rollupCutoff(now).getTime();

  const samples = running.flatMap((vm) => {
    const rows = [];
    for (let t = firstMinute; t <= lastMinute; t += MINUTE) {
      rows.push({ vmId: vm.id, clientId, at: new Date(t), ...simulatedReading(vm, new Date(t)) });
    }
    return rows;
  });
  const hours = running.flatMap((vm) => {
    const rows = [];
    for (let h = firstMinute - HISTORY_DAYS * 24 * HOUR; h < firstMinute; h += HOUR) {
      const readings = [0, 15, 30, 45].map((m) => simulatedReading(vm, new Date(h + m * MINUTE)));
      const avg = (pick: (r: (typeof readings)[number]) => number) =>
        readings.reduce((n, r) => n + pick(r), 0) / readings.length;
      rows.push({
        vmId: vm.id,
        clientId,
        hour: new Date(h),
        cpuPct: avg((r) => r.cpuPct),
        memPct: avg((r) => r.memPct),
        diskReadBps: avg((r) => r.diskReadBps),
        diskWriteBps: avg((r) => r.diskWriteBps),
        netInBps: avg((r) => r.netInBps),
        netOutBps: avg((r) => r.netOutBps),
        cpuPctMax: Math.max(...readings.map((r) => r.cpuPct)),
        memPctMax: Math.max(...readings.map((r) => r.memPct)),
        samples: 60,
      });
    }
    return rows;
  });
  // Arrays as parameters (a PostgreSQL array literal each): a few statements for the lot.
  for (let i = 0; i < samples.length; i += CHUNK) {
    const rows = samples.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into ${vmMetricSamples}
        (vm_id, client_id, at, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps)
      select * from unnest(${sqlArrays(rows, [
        ['vmId', 'uuid'],
        ['clientId', 'uuid'],
        ['at', 'timestamptz'],
        ...READINGS,
      ])})
      on conflict do nothing`);
  }
  for (let i = 0; i < hours.length; i += CHUNK) {
    const rows = hours.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into ${vmMetricHourly}
        (vm_id, client_id, hour, cpu_pct, mem_pct, disk_read_bps, disk_write_bps, net_in_bps, net_out_bps,
         cpu_pct_max, mem_pct_max, samples)
      select * from unnest(${sqlArrays(rows, [
        ['vmId', 'uuid'],
        ['clientId', 'uuid'],
        ['hour', 'timestamptz'],
        ...READINGS,
        ['cpuPctMax', 'real'],
        ['memPctMax', 'real'],
        ['samples', 'int'],
      ])})
      on conflict do nothing`);
  }
  await writeTotals(db, eq(vmMetricSamples.clientId, clientId));
}
