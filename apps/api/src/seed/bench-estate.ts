import { eq, sql } from 'drizzle-orm';
import { DiskSpeed, VmStatus, type Language } from '@portal/shared';
import { rowsOf, type Db } from '../db/database.js';
import { firewalls, vmMetricSamples, vpcs } from '../db/schema/index.js';
import { createDefaultNetwork } from '../modules/compute/default-network.js';
import { addressAt, insertFleet, type FleetVm } from '../modules/compute/fleet.js';
import { floorHour, meterUsageHours } from '../modules/usage/metering.js';
import { writeTotals } from '../modules/metrics/sampler.js';

/**
 * A fleet of the tenant's in a VPC of its own (10.128.0.0/9, so the VMs never take the addresses
 * of real ones), made here unless given; each VM its own address, the segments running on from
 * 10.128.0.0. For benchmarks, never for production.
 */
export async function insertBenchFleet(
  db: Db,
  clientId: string,
  fleet: FleetVm[],
  network?: Awaited<ReturnType<typeof createDefaultNetwork>>,
): Promise<void> {
  const { vpc, firewall } = network ?? (await createDefaultNetwork(db, clientId, '10.128.0.0/9'));
  await insertFleet(
    db,
    {
      clientId,
      vpcId: vpc.id,
      firewallId: firewall.id,
      cidr: '10.128.0.0/9',
      segmentBase: addressAt('10.128.0.0', 0),
    },
    fleet,
  );
}

/**
 * A tenant of benchmark size for `npm run seed:vms` and `npm run seed:estate`: `count` VMs in a
 * VPC of their own (10.128.0.0/9, so they never take the addresses of real ones), each with its
 * root disk, every other one with a data disk, their interfaces and the simulated cloud's machines.
 * For benchmarks, never for production.
 */
export async function seedBenchFleet(
  db: Db,
  clientId: string,
  count: number,
  language: Language,
  options: { dataDisks?: boolean } = {},
): Promise<void> {
  const network = await createDefaultNetwork(db, clientId, '10.128.0.0/9', language);
  await db
    .update(vpcs)
    .set({ name: `bench-${count}` })
    .where(eq(vpcs.id, network.vpc.id));
  await db
    .update(firewalls)
    .set({ name: `bench-${count}` })
    .where(eq(firewalls.id, network.firewall.id));
  const statuses = [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.STOPPED, VmStatus.ERROR];
  const templates = ['1', '2', '3', '4', '5'].map((n) => `6a1f0c1e-0000-4000-8000-00000000000${n}`);
  const sizes = [
    [2, 4],
    [2, 8],
    [4, 8],
    [4, 16],
    [8, 32],
    [16, 64],
  ] as const;
  const started = Date.now();
  const fleet: FleetVm[] = Array.from({ length: count }, (_, i) => {
    const [cpuCore, ramSize] = sizes[i % sizes.length]!;
    return {
      name: `bench-${String(i + 1).padStart(6, '0')}`,
      templateId: templates[i % templates.length]!,
      cpuCore,
      ramSize,
      status: statuses[i % statuses.length]!,
      rootGb: 50 + (i % 4) * 50,
      dataDisks: options.dataDisks && i % 2 === 0 ? [{ gb: 100 + (i % 5) * 100, speed: DiskSpeed.SSD }] : [],
      publicIp: i % 7 === 0,
      host: `hv-tpe-0${(i % 3) + 1}`,
      index: i,
      createdAt: new Date(started - (count - i) * 60_000),
    };
  });
  await insertBenchFleet(db, clientId, fleet, network);
}

/** How a copy's column is written, from the original row `s` and the copy's number `g`. */
type Overrides = Record<string, string>;

/**
 * Copies of the tenant's own rows of `table` (the demo's), `g` = 1, 2, ... over them, until the
 * tenant has `target` rows: each copy a new id, and the columns of `overrides` (unique names and
 * numbers) made its own. Returns the rows added.
 */
async function copyRows(db: Db, table: string, clientId: string, target: number, overrides: Overrides) {
  const [{ n, originals }] = rowsOf<{ n: number; originals: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT ${sql.raw(copiedTest(table))})::int AS originals
          FROM ${sql.identifier(table)} s WHERE s.client_id = ${clientId}`,
    ),
  ) as [{ n: number; originals: number }];
  if (n >= target || originals === 0) return 0;
  const columns = rowsOf<{ column_name: string }>(
    await db.execute(
      sql`SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
    ),
  ).map((c) => c.column_name);
  const values = columns.map((c) => (c === 'id' ? 'gen_random_uuid()' : (overrides[c] ?? `s.${c}`)));
  const times = Math.ceil((target - n) / originals);
  await db.execute(
    sql.raw(`INSERT INTO ${table} (${columns.join(', ')})
      SELECT ${values.join(', ')}
      FROM ${table} s, generate_series(1, ${times}) g
      WHERE s.client_id = '${clientId}' AND NOT ${copiedTest(table)}
      LIMIT ${target - n}`),
  );
  return target - n;
}
/** The copies' mark, in the column each kind keeps its name or number in. */
const copiedTest = (table: string) =>
  table === 'tickets' ? `s.ticket_no LIKE '%-B%'` : `s.name LIKE '%·b%'`;

/** The proportions of a benchmark tenant's estate to its VMs (issue 25: "a proportionate estate"). */
export const BENCH_ESTATE_PER_VM = { snapshots: 1, alarms: 0.1, orders: 0.2, tickets: 0.1 };

/** How many of the tenant's rows of `table` match `where` (a test on the row `s`). */
async function countRows(db: Db, table: string, clientId: string, where: string) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} s WHERE s.client_id = ${clientId} AND ${sql.raw(where)}`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * The rest of a benchmark tenant's estate beside its fleet, in BENCH_ESTATE_PER_VM's proportions:
 * snapshots and tickets copied from the demo's (a copy's ticket has no conversation), a CPU alarm
 * on each of the first bench VMs (one in ten alarming) and an annual order for every fifth one.
 */
export async function seedBenchRecords(db: Db, clientId: string, vms: number) {
  const target = (per: number) => Math.round(vms * per);
  const alarmsWanted =
    target(BENCH_ESTATE_PER_VM.alarms) - (await countRows(db, 'alarms', clientId, `s.name LIKE 'bench-%'`));
  if (alarmsWanted > 0) {
    await db.execute(sql`
      INSERT INTO alarms (client_id, name, kind, metric, vm_id, operator, critical, continuance, cool_down_minutes,
        emails, status, created_at, updated_at)
      SELECT ${clientId}, v.name || '-cpu', 'metric', 'cpu', v.id, '>', 80, 3, 10, ARRAY['demo@example.com'],
        CASE WHEN row_number() OVER (ORDER BY v.name) % 10 = 0 THEN 1 ELSE 0 END, v.created_at, v.created_at
      FROM vms v WHERE v.client_id = ${clientId} AND v.name LIKE 'bench-%'
        AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.vm_id = v.id)
      ORDER BY v.name LIMIT ${alarmsWanted}`);
  }
  const ordersWanted =
    target(BENCH_ESTATE_PER_VM.orders) - (await countRows(db, 'orders', clientId, `s.order_no LIKE 'B%'`));
  if (ordersWanted > 0) {
    await db.execute(sql`
      INSERT INTO orders (client_id, order_no, res_type, vm_id, res_name, cpu_core, ram_size, months, order_date,
        end_date, status, auto_renew, monthly_price, term_price, account, created_at, modified_at)
      SELECT ${clientId}, 'B' || substr(v.id::text, 1, 13), 'vm', v.id, v.name, v.cpu_core, v.ram_size, 12,
        v.created_at::date, (v.created_at + interval '12 months')::date, 1, v.name < 'bench-005', 1200, 14400,
        'demo@example.com', v.created_at, v.created_at
      FROM (SELECT v.*, row_number() OVER (ORDER BY v.name) AS n FROM vms v
            WHERE v.client_id = ${clientId} AND v.name LIKE 'bench-%') v
      WHERE v.n % 5 = 0 AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.vm_id = v.id)
      LIMIT ${ordersWanted}`);
  }
  return {
    snapshots: await copyRows(db, 'snapshots', clientId, target(BENCH_ESTATE_PER_VM.snapshots), {
      name: `s.name || '·b' || g`,
    }),
    tickets: await copyRows(db, 'tickets', clientId, target(BENCH_ESTATE_PER_VM.tickets), {
      ticket_no: `s.ticket_no || '-B' || g`,
    }),
    alarms: Math.max(alarmsWanted, 0),
    orders: Math.max(ordersWanted, 0),
  };
}

/**
 * A day of minute samples and a month of hourly ones for the tenant's running VMs that have none
 * (values made in PostgreSQL, a statement an hour), with the tenant's minute totals.
 */
export async function seedBenchMetrics(db: Db, clientId: string, now: Date): Promise<number> {
  const lastMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
  const dayAgo = floorHour(new Date(lastMinute.getTime() - 24 * 3_600_000));
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT v.id FROM vms v WHERE v.client_id = ${clientId} AND v.status = ${VmStatus.RUNNING}
      AND NOT EXISTS (SELECT 1 FROM vm_metric_hourly h WHERE h.vm_id = v.id)`),
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  const running = sql`unnest(${`{${ids.join(',')}}`}::uuid[]) AS b(id)`;
  const reading = sql.raw(`20 + 60 * random(), 30 + 50 * random(), 1e5 * random(), 2e5 * random(),
      5e5 * random(), 3e5 * random()`);
  await db.execute(sql`
    INSERT INTO vm_metric_hourly (vm_id, client_id, hour, cpu_pct, mem_pct, disk_read_bps, disk_write_bps,
      net_in_bps, net_out_bps, cpu_pct_max, mem_pct_max, samples)
    SELECT b.id, ${clientId}, h, ${reading}, 90, 85, 60
    FROM ${running}, generate_series(${dayAgo.toISOString()}::timestamptz - interval '30 days',
      ${dayAgo.toISOString()}::timestamptz - interval '1 hour', interval '1 hour') h
    ON CONFLICT DO NOTHING`);
  for (let hour = dayAgo.getTime(); hour <= lastMinute.getTime(); hour += 3_600_000) {
    const end = new Date(Math.min(hour + 3_540_000, lastMinute.getTime()));
    await db.execute(sql`
      INSERT INTO vm_metric_samples (vm_id, client_id, at, cpu_pct, mem_pct, disk_read_bps, disk_write_bps,
        net_in_bps, net_out_bps)
      SELECT b.id, ${clientId}, m, ${reading}
      FROM ${running}, generate_series(${new Date(hour).toISOString()}::timestamptz,
        ${end.toISOString()}::timestamptz, interval '1 minute') m
      ON CONFLICT DO NOTHING`);
  }
  await writeTotals(db, eq(vmMetricSamples.clientId, clientId));
  return ids.length;
}

/**
 * This month's use (`month` 'YYYY-MM', the demo's Taipei calendar) metered again from its first
 * hour, so the fleet added since the demo's first meter is in it: every customer's rows of the
 * month and the month's runs are removed first (the meter adds to its rows).
 */
export async function remeterMonth(db: Db, month: string, now: Date): Promise<number> {
  const first = sql`${`${month}-01`}::date`;
  const start = new Date(`${month}-01T00:00:00+08:00`);
  await db.transaction(async (tx) => {
    for (const table of ['usage_monthly', 'usage_storage_peaks', 'usage_vpc_hours'])
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE month >= ${first}`);
    await tx.execute(sql`DELETE FROM usage_daily WHERE day >= ${first}`);
    await tx.execute(sql`DELETE FROM usage_meter_runs WHERE hour >= ${start.toISOString()}::timestamptz`);
  });
  return (await meterUsageHours(db, start, now)).length;
}
