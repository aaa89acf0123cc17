import { sql, type SQL } from 'drizzle-orm';
import {
  CCIS_BYTES_PER_GB,
  CCX_ENGINES,
  CCX_NODE_SIZES,
  ChargeMode,
  CloudExchangeStatus,
  DiskSpeed,
  DiskStatus,
  FirewallStatus,
  HOURS_PER_MONTH,
  LbStatus,
  OBS_STORAGE_UNDER_CONTRACT,
  RouteLevel,
  SnapshotStatus,
  VmStatus,
  VpcStatus,
  CcxClusterStatus,
  ccisContractState,
  ccisToday,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/database.js';
import { arrayLiteral } from '../../db/sql-array.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';

/**
 * The hourly meter (issue 13; docs/usage-api.md): what every customer used in an hour, added to
 * the usage ledger (db/schema/usage.ts). One set-based statement per kind of resource covers all
 * customers and all the hours metered at once; the hours are claimed in `usage_meter_runs` in the
 * same transaction, so a retry, a second instance or an overlapping catch-up never counts an hour
 * twice.
 *
 * What an hour charges is read from the resources as they stand when it is metered (their
 * creation time bounds it): a VM counts as running in the hour when it is running now and booted
 * before the hour ended, or was shut down since the hour began, or the metric sampler saw it in
 * the hour. Partial hours count whole, as clouds bill by the hour.
 */

export const USAGE_METER_QUEUE = 'usage-meter';
/** Five past each hour: the minute and bucket samplers have written the hour's last readings. */
export const USAGE_METER_CRON = '5 * * * *';
/** How far back a late run (a stopped service) catches up on hours it missed. */
export const MAX_CATCH_UP_HOURS = 72;

const HOUR_MS = 3_600_000;
export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The hours being metered, each with its end: `h(hour, hour_end)`. */
const hoursCte = (hours: string) =>
  sql`h AS (SELECT x AS hour, x + interval '1 hour' AS hour_end FROM unnest(${hours}::timestamptz[]) AS x)`;

/**
 * The data-store contract in force in each metered hour of each customer who has one (the rules
 * replay the contract's history, packages/shared rules/ccis.ts): `cm(client_id, hour, commit_gb,
 * order_id)`. Contracts are few (one purchase a day at most), so they are read whole.
 */
async function commitments(tx: Db, hours: Date[]): Promise<SQL> {
  const terms = rowsOf<{
    client_id: string;
    time_zone: string;
    order_id: string;
    months: number;
    begin_date: string;
    expire_date: string;
    commit_gb: number;
    auto_extend: boolean;
  }>(
    await tx.execute(sql`
      SELECT t.client_id::text, c.time_zone, t.order_id, t.months, t.begin_date::text, t.expire_date::text,
             t.commit_gb, t.auto_extend
      FROM ccis_terms t JOIN clients c ON c.id = t.client_id
      ORDER BY t.client_id, t.created_at, t.id`),
  );
  const byClient = new Map<string, typeof terms>();
  for (const term of terms) byClient.set(term.client_id, [...(byClient.get(term.client_id) ?? []), term]);
  const rows: { clientId: string; hour: string; commitGb: number; orderId: string }[] = [];
  for (const [clientId, list] of byClient) {
    const facts = list.map((t) => ({
      orderId: t.order_id,
      months: t.months,
      beginDate: t.begin_date,
      expireDate: t.expire_date,
      commitGb: t.commit_gb,
      autoExtend: t.auto_extend,
    }));
    const byDay = new Map<string, ReturnType<typeof ccisContractState>['current']>();
    for (const hour of hours) {
      const day = ccisToday(hour, list[0]!.time_zone);
      if (!byDay.has(day)) byDay.set(day, ccisContractState(facts, day).current);
      const current = byDay.get(day);
      if (current && current.commitGb > 0) {
        rows.push({
          clientId,
          hour: hour.toISOString(),
          commitGb: current.commitGb,
          orderId: current.orderId,
        });
      }
    }
  }
  return sql`cm AS (SELECT * FROM unnest(${arrayLiteral(rows.map((r) => r.clientId))}::uuid[],
    ${arrayLiteral(rows.map((r) => r.hour))}::timestamptz[], ${arrayLiteral(rows.map((r) => r.commitGb))}::int[],
    ${arrayLiteral(rows.map((r) => r.orderId))}::text[]) AS cm(client_id, hour, commit_gb, order_id))`;
}

/**
 * Adds the rows `metered(client_id, hour, kind, resource_id, name, detail, code, unit, per,
 * quantity)` into the month's lines and the day's totals (months and days in the customer's time
 * zone). A line keeps the name and the quantity of its latest hour.
 */
function addToLedger(ctes: SQL[], metered: SQL): SQL {
  return sql`
    WITH ${sql.join(ctes, sql`, `)},
    metered AS (${metered}),
    placed AS (
      SELECT m.*, date_trunc('month', m.hour AT TIME ZONE c.time_zone)::date AS month,
             (m.hour AT TIME ZONE c.time_zone)::date AS day
      FROM metered m JOIN clients c ON c.id = m.client_id
      WHERE m.quantity > 0
    ),
    lines AS (
      SELECT l.*, coalesce(p.unit_price, 0) AS unit_price
      FROM (
        SELECT client_id, month, kind, resource_id, code, detail,
               (array_agg(name ORDER BY hour DESC))[1] AS name, min(unit) AS unit, min(per) AS per,
               sum(quantity) AS quantity, count(*)::int AS hours, min(hour) AS first_hour,
               max(hour) AS last_hour, (array_agg(quantity ORDER BY hour DESC))[1] AS last_quantity
        FROM placed
        GROUP BY client_id, month, kind, resource_id, code, detail) l
      LEFT JOIN price_items p ON p.code = l.code
    ),
    monthly AS (
      INSERT INTO usage_monthly AS u (client_id, month, resource_kind, resource_id, code, detail,
        resource_name, unit, per, quantity, hours, first_hour, last_hour, unit_price, amount, last_quantity)
      SELECT client_id, month, kind, resource_id, code, detail, name, unit, per, quantity, hours,
             first_hour, last_hour, unit_price, usage_amount(quantity, unit_price, per), last_quantity
      FROM lines
      ON CONFLICT (client_id, month, resource_kind, resource_id, code, detail) DO UPDATE SET
        quantity = u.quantity + excluded.quantity,
        hours = u.hours + excluded.hours,
        unit_price = excluded.unit_price,
        amount = usage_amount(u.quantity + excluded.quantity, excluded.unit_price, u.per),
        first_hour = least(u.first_hour, excluded.first_hour),
        resource_name = CASE WHEN excluded.last_hour >= u.last_hour THEN excluded.resource_name ELSE u.resource_name END,
        last_quantity = CASE WHEN excluded.last_hour >= u.last_hour THEN excluded.last_quantity ELSE u.last_quantity END,
        last_hour = greatest(u.last_hour, excluded.last_hour)
    )
    INSERT INTO usage_daily AS d (client_id, day, resource_kind, code, per, quantity)
    SELECT client_id, day, kind, code, per, sum(quantity) FROM placed GROUP BY client_id, day, kind, code, per
    ON CONFLICT (client_id, day, resource_kind, code, per) DO UPDATE SET quantity = d.quantity + excluded.quantity`;
}

const PER_MONTH = sql.raw(String(HOURS_PER_MONTH));
/** Decimal gigabytes (storage is sold by 10^9 bytes). */
const GB = sql.raw(String(CCIS_BYTES_PER_GB));
const inList = (values: readonly number[]) => sql.raw(values.join(', '));

/** VM compute: vCPU- and GB-RAM-hours while running (an annual VM's every hour), licences while running. */
const vmCompute = sql`
  SELECT v.client_id, h.hour, 'vm' AS kind, v.id AS resource_id, v.name,
         v.cpu_core || ' vCPU / ' || v.ram_size || ' GB' AS detail, x.code, x.unit, 1 AS per, x.quantity
  FROM h
  JOIN vms v ON v.created_at < h.hour_end AND v.status <> ${VmStatus.LAUNCHING}
  JOIN os_templates t ON t.id = v.template_id
  CROSS JOIN LATERAL (SELECT
    (coalesce(v.last_boot_at, v.created_at) < h.hour_end
      AND (v.status IN (${inList([VmStatus.RUNNING, VmStatus.STOPPING, VmStatus.RECOVERING])})
           OR v.last_shutdown_at >= h.hour))
    OR EXISTS (SELECT 1 FROM vm_metric_samples s WHERE s.vm_id = v.id AND s.at >= h.hour AND s.at < h.hour_end)
    AS running) r
  CROSS JOIN LATERAL (VALUES
    (CASE WHEN v.is_annual THEN 'vm.vcpu.annual' ELSE 'vm.vcpu' END, 'vcpuHour',
     CASE WHEN v.is_annual OR r.running THEN v.cpu_core END),
    (CASE WHEN v.is_annual THEN 'vm.ram.annual' ELSE 'vm.ram' END, 'gbRamHour',
     CASE WHEN v.is_annual OR r.running THEN v.ram_size END),
    ('vm.image.windows', 'vcpuHour', CASE WHEN t.licensed AND r.running THEN v.cpu_core END)
  ) AS x(code, unit, quantity)
  WHERE x.quantity IS NOT NULL`;

/** Public addresses: every hour an interface holds one, running or not. */
const publicIps = sql`
  SELECT n.client_id, h.hour, 'vm' AS kind, v.id AS resource_id, v.name, n.public_ip AS detail,
         'vm.public-ip' AS code, 'ipHour' AS unit, 1 AS per, 1 AS quantity
  FROM h
  JOIN vnis n ON n.public_ip IS NOT NULL AND n.created_at < h.hour_end
  JOIN vms v ON v.id = n.vm_id`;

/** Disks, by type: GB-hours (730 make the price list's GB-month). */
const diskHours = sql`
  SELECT d.client_id, h.hour, 'disk' AS kind, d.id AS resource_id, d.name, d.size_gb || ' GB' AS detail,
         CASE WHEN d.speed = ${DiskSpeed.HDD} THEN 'disk.hdd' ELSE 'disk.ssd' END AS code,
         'gbHour' AS unit, ${PER_MONTH} AS per, d.size_gb AS quantity
  FROM h
  JOIN disks d ON d.created_at < h.hour_end
   AND d.status NOT IN (${inList([DiskStatus.CREATING, DiskStatus.ERROR])})`;

const snapshotHours = sql`
  SELECT s.client_id, h.hour, 'snapshot' AS kind, s.id AS resource_id, s.name, s.size_gb || ' GB' AS detail,
         'snapshot.storage' AS code, 'gbHour' AS unit, ${PER_MONTH} AS per, s.size_gb AS quantity
  FROM h
  JOIN snapshots s ON s.created_at < h.hour_end
   AND s.status IN (${inList([SnapshotStatus.COMPLETED, SnapshotStatus.RESTORING])})`;

/** Each bucket's size at the hour's end: its latest measure before it. */
const bucketSizes = sql`bs AS (
  SELECT b.client_id, b.id, b.name, h.hour, s.size_bytes
  FROM h
  JOIN buckets b ON b.created_at < h.hour_end
  CROSS JOIN LATERAL (SELECT size_bytes FROM bucket_usage_samples
                      WHERE bucket_id = b.id AND at < h.hour_end ORDER BY at DESC LIMIT 1) s)`;

/** Stored GB-hours; while a data-store contract is in force they are its (not priced again). */
const bucketHours = sql`
  SELECT bs.client_id, bs.hour, 'bucket' AS kind, bs.id AS resource_id, bs.name, '' AS detail,
         CASE WHEN cm.commit_gb IS NULL THEN 'obs.storage' ELSE ${OBS_STORAGE_UNDER_CONTRACT}::text END AS code,
         'gbHour' AS unit, ${PER_MONTH} AS per,
         (bs.size_bytes::numeric / ${GB})::numeric(24, 9) AS quantity
  FROM bs LEFT JOIN cm ON cm.client_id = bs.client_id AND cm.hour = bs.hour`;

/** Fixed-bandwidth VPCs: their Mbps every hour (730 Mbps-hours make an Mbps-month). */
const vpcFixed = sql`
  SELECT p.client_id, h.hour, 'vpc' AS kind, p.id AS resource_id, p.name, p.bandwidth_limit || ' Mbps' AS detail,
         CASE WHEN p.route_level = ${RouteLevel.PLATINUM} THEN 'vpc.fixed.platinum' ELSE 'vpc.fixed.professional' END AS code,
         'mbpsHour' AS unit, ${PER_MONTH} AS per, p.bandwidth_limit AS quantity
  FROM h
  JOIN vpcs p ON p.created_at < h.hour_end AND p.charge_mode = ${ChargeMode.FIXED}
  WHERE p.status = ${VpcStatus.AVAILABLE}
     OR (p.status = ${VpcStatus.PROCESSING} AND p.pending_operation IN ('update', 'routes'))`;

/**
 * Each VM's bytes sent in each hour: its minute samples (bytes per second × 60), or the hour's
 * roll-up once the minutes are gone (average × samples × 60).
 */
const vmBytesOut = sql`vb AS (
  SELECT s.vm_id, h.hour, sum(s.net_out_bps * 60) AS bytes
  FROM h JOIN vm_metric_samples s ON s.at >= h.hour AND s.at < h.hour_end
  GROUP BY s.vm_id, h.hour
  UNION ALL
  SELECT r.vm_id, h.hour, r.net_out_bps * r.samples * 60 AS bytes
  FROM h JOIN vm_metric_hourly r ON r.hour = h.hour
  WHERE NOT EXISTS (SELECT 1 FROM vm_metric_samples s
                    WHERE s.vm_id = r.vm_id AND s.at >= h.hour AND s.at < h.hour_end))`;

/** Transfer out of VMs in VPCs charged by total quantity: decimal GB. */
const vmTransfer = sql`
  SELECT v.client_id, vb.hour, 'vm' AS kind, v.id AS resource_id, v.name, '' AS detail,
         'vpc.transfer' AS code, 'gb' AS unit, 1 AS per,
         (round(vb.bytes)::numeric / 1000000000)::numeric(24, 9) AS quantity
  FROM vb JOIN vms v ON v.id = vb.vm_id
  JOIN vpcs p ON p.id = v.vpc_id AND p.charge_mode = ${ChargeMode.TOTAL_QUANTITY}`;

const balancerHours = sql`
  SELECT l.client_id, h.hour, 'balancer' AS kind, l.id AS resource_id, l.name,
         upper(l.protocol) || ' ' || l.port AS detail, x.code, 'instanceHour' AS unit, 1 AS per, 1 AS quantity
  FROM h
  JOIN load_balancers l ON l.created_at < h.hour_end AND l.status IN (${inList([LbStatus.ACTIVE, LbStatus.UPDATING])})
  CROSS JOIN LATERAL (VALUES ('lb.instance'), (CASE WHEN upper(l.protocol) = 'HTTPS' THEN 'lb.https' END)) AS x(code)
  WHERE x.code IS NOT NULL`;

const firewallHours = sql`
  SELECT f.client_id, h.hour, 'firewall' AS kind, f.id AS resource_id, f.name, '' AS detail,
         'firewall.instance' AS code, 'instanceHour' AS unit, ${PER_MONTH} AS per, 1 AS quantity
  FROM h
  JOIN firewalls f ON f.created_at < h.hour_end
   AND f.status IN (${inList([FirewallStatus.IN_USE, FirewallStatus.UPDATING, FirewallStatus.EDITABLE])})`;

/** Cloud-exchange connections, once done: their port, every hour (730 make the list's port-month). */
const exchangeHours = sql`
  SELECT x.client_id, h.hour, 'exchange' AS kind, x.id AS resource_id, x.pair_key AS name, '' AS detail,
         'ccx.port' AS code, 'instanceHour' AS unit, ${PER_MONTH} AS per, 1 AS quantity
  FROM h
  JOIN cloud_exchanges x ON x.created_at < h.hour_end AND x.status = ${CloudExchangeStatus.DONE}`;

/** CCX clusters: their nodes as VMs of their size, and the engine's fee per node vCPU-hour. */
function clusterHours(): SQL {
  const sizes = sql.join(
    CCX_NODE_SIZES.map((s) => sql`(${s.id}::text, ${s.cpu}::int, ${s.ramGb}::int)`),
    sql`, `,
  );
  const engines = sql.join(
    CCX_ENGINES.map(
      (e) => sql`(${e.id}::text, ${e.kind === 'database' ? 'cluster.database' : 'cluster.kubernetes'}::text)`,
    ),
    sql`, `,
  );
  return sql`
    SELECT k.client_id, h.hour, 'cluster' AS kind, k.id AS resource_id, k.name,
           k.engine || ' ' || k.node_count || ' × ' || k.node_size AS detail, x.code, x.unit, 1 AS per, x.quantity
    FROM h
    JOIN ccx_clusters k ON k.created_at < h.hour_end
     AND k.status IN (${inList([CcxClusterStatus.RUNNING, CcxClusterStatus.SCALING])})
    JOIN (VALUES ${sizes}) AS z(id, cpu, ram) ON z.id = k.node_size
    JOIN (VALUES ${engines}) AS e(id, fee) ON e.id = k.engine
    CROSS JOIN LATERAL (VALUES
      ('vm.vcpu', 'vcpuHour', z.cpu * k.node_count),
      ('vm.ram', 'gbRamHour', z.ram * k.node_count),
      (e.fee, 'vcpuHour', z.cpu * k.node_count)
    ) AS x(code, unit, quantity)`;
}

/**
 * Upserts a month's figure (`monthly` lines): `SET` says how the new value meets the stored one.
 * Rows: `figures(client_id, month, kind, resource_id, name, code, unit, quantity, hours, first_hour, last_hour)`.
 */
const setMonthly = (set: 'greatest' | 'replace') => {
  const value = set === 'greatest' ? sql`greatest(u.quantity, excluded.quantity)` : sql`excluded.quantity`;
  return sql`
  INSERT INTO usage_monthly AS u (client_id, month, resource_kind, resource_id, code, detail, resource_name,
    unit, per, quantity, hours, first_hour, last_hour, unit_price, amount, last_quantity, monthly)
  SELECT f.client_id, f.month, f.kind, f.resource_id, f.code, '', f.name, f.unit, 1, f.quantity, f.hours,
         f.first_hour, f.last_hour, coalesce(p.unit_price, 0), usage_amount(f.quantity, coalesce(p.unit_price, 0), 1),
         f.quantity, true
  FROM figures f LEFT JOIN price_items p ON p.code = f.code
  ON CONFLICT (client_id, month, resource_kind, resource_id, code, detail) DO UPDATE SET
    quantity = ${value},
    last_quantity = ${value},
    unit_price = excluded.unit_price,
    amount = usage_amount(${value}, excluded.unit_price, 1),
    hours = ${set === 'greatest' ? sql`u.hours + excluded.hours` : sql`excluded.hours`},
    resource_name = excluded.resource_name,
    first_hour = least(u.first_hour, excluded.first_hour),
    last_hour = greatest(u.last_hour, excluded.last_hour)`;
};

const monthOf = (hour: SQL | string) =>
  sql`date_trunc('month', ${sql.raw(String(hour))} AT TIME ZONE c.time_zone)::date`;

/** The months' peaks of stored bytes, and the contracts' commitments and use above them. */
function dataStoreStatements(ctes: SQL[]): SQL[] {
  const sums = sql`sums AS (
    SELECT bs.client_id, bs.hour, ${monthOf('bs.hour')} AS month, sum(bs.size_bytes)::bigint AS bytes
    FROM bs JOIN clients c ON c.id = bs.client_id GROUP BY bs.client_id, bs.hour, c.time_zone)`;
  return [
    sql`WITH ${sql.join([...ctes, sums], sql`, `)}
      INSERT INTO usage_storage_peaks AS p (client_id, month, peak_bytes, peak_at)
      SELECT DISTINCT ON (client_id, month) client_id, month, bytes, hour
      FROM sums ORDER BY client_id, month, bytes DESC, hour
      ON CONFLICT (client_id, month) DO UPDATE SET peak_bytes = excluded.peak_bytes, peak_at = excluded.peak_at
      WHERE excluded.peak_bytes > p.peak_bytes`,
    // The commitment: the month's largest, charged for the month.
    sql`WITH ${sql.join(ctes, sql`, `)},
      figures AS (
        SELECT cm.client_id, ${monthOf('cm.hour')} AS month, 'dataStore' AS kind, cm.client_id AS resource_id,
               (array_agg(cm.order_id ORDER BY cm.hour DESC))[1] AS name, 'ccis.commit' AS code, 'gbMonth' AS unit,
               max(cm.commit_gb)::numeric AS quantity, count(*)::int AS hours, min(cm.hour) AS first_hour,
               max(cm.hour) AS last_hour
        FROM cm JOIN clients c ON c.id = cm.client_id
        GROUP BY cm.client_id, c.time_zone, ${monthOf('cm.hour')})
      ${setMonthly('greatest')}`,
    // Use above it: the most whole GB (rounded up) any hour's stored bytes went over it.
    sql`WITH ${sql.join([...ctes, sums], sql`, `)},
      over AS (
        SELECT s.client_id, s.month, s.hour, cm.order_id,
               ceil((s.bytes - cm.commit_gb::numeric * ${GB}) / ${GB}) AS gb
        FROM sums s JOIN cm ON cm.client_id = s.client_id AND cm.hour = s.hour),
      figures AS (
        SELECT client_id, month, 'dataStore' AS kind, client_id AS resource_id,
               (array_agg(order_id ORDER BY hour DESC))[1] AS name, 'ccis.excess' AS code, 'gbMonth' AS unit,
               max(gb) AS quantity, count(*)::int AS hours, min(hour) AS first_hour, max(hour) AS last_hour
        FROM over WHERE gb > 0 GROUP BY client_id, month)
      ${setMonthly('greatest')}`,
  ];
}

/**
 * VPCs charged by the 95th percentile: each hour's bytes out of their VMs (0 in an hour without
 * traffic), then the month's percentile of the hourly rates in whole Mbps, rounded up.
 */
function percentileStatements(ctes: SQL[]): SQL[] {
  return [
    sql`WITH ${sql.join(ctes, sql`, `)}
      INSERT INTO usage_vpc_hours (client_id, vpc_id, hour, month, out_bytes)
      SELECT p.client_id, p.id, h.hour, ${monthOf('h.hour')},
             coalesce((SELECT round(sum(vb.bytes)) FROM vb JOIN vms v ON v.id = vb.vm_id
                       WHERE v.vpc_id = p.id AND vb.hour = h.hour), 0)::bigint
      FROM h
      JOIN vpcs p ON p.created_at < h.hour_end AND p.charge_mode = ${ChargeMode.NINETY_FIVE}
       AND (p.status = ${VpcStatus.AVAILABLE}
            OR (p.status = ${VpcStatus.PROCESSING} AND p.pending_operation IN ('update', 'routes')))
      JOIN clients c ON c.id = p.client_id
      ON CONFLICT (vpc_id, hour) DO NOTHING`,
    sql`WITH ${sql.join(ctes, sql`, `)},
      touched AS (
        SELECT DISTINCT u.vpc_id, u.month FROM usage_vpc_hours u JOIN h ON h.hour = u.hour),
      figures AS (
        SELECT u.client_id, u.month, 'vpc' AS kind, u.vpc_id AS resource_id, coalesce(p.name, '') AS name,
               'vpc.p95' AS code, 'mbps' AS unit,
               ceil(percentile_disc(0.95) WITHIN GROUP (ORDER BY u.out_bytes)::numeric * 8 / 3600 / 1000000)
                 AS quantity,
               count(*)::int AS hours, min(u.hour) AS first_hour, max(u.hour) AS last_hour
        FROM usage_vpc_hours u
        JOIN touched t ON t.vpc_id = u.vpc_id AND t.month = u.month
        LEFT JOIN vpcs p ON p.id = u.vpc_id
        GROUP BY u.client_id, u.month, u.vpc_id, p.name)
      ${setMonthly('replace')}`,
  ];
}

/**
 * Meters the whole hours in [from, to) that no run has metered yet, for every customer, in one
 * transaction. Returns the hours it metered (none when all were metered before).
 */
export async function meterUsageHours(db: Db, from: Date, to: Date): Promise<Date[]> {
  const start = floorHour(from);
  const end = floorHour(to);
  if (end <= start) return [];
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ hour: string }>(
      await tx.execute(sql`
        INSERT INTO usage_meter_runs (hour)
        SELECT generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz - interval '1 hour',
                               interval '1 hour')
        ON CONFLICT (hour) DO NOTHING
        RETURNING to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS hour`),
    );
    if (claimed.length === 0) return [];
    const hours = claimed.map((r) => new Date(r.hour)).sort((a, b) => a.getTime() - b.getTime());
    const h = hoursCte(arrayLiteral(hours.map((d) => d.toISOString())));
    const cm = await commitments(tx, hours);

    const statements: SQL[] = [
      addToLedger([h], vmCompute),
      addToLedger([h], publicIps),
      addToLedger([h], diskHours),
      addToLedger([h], snapshotHours),
      addToLedger([h, cm, bucketSizes], bucketHours),
      ...dataStoreStatements([h, cm, bucketSizes]),
      addToLedger([h], vpcFixed),
      addToLedger([h, vmBytesOut], vmTransfer),
      ...percentileStatements([h, vmBytesOut]),
      addToLedger([h], balancerHours),
      addToLedger([h], firewallHours),
      addToLedger([h], exchangeHours),
      addToLedger([h], clusterHours()),
    ];
    for (const statement of statements) await tx.execute(statement);
    return hours;
  });
}

/** One hour (its start), as the job meters it. */
export const meterUsageHour = (db: Db, hour: Date) =>
  meterUsageHours(db, hour, new Date(floorHour(hour).getTime() + HOUR_MS));

/**
 * The job's body: every whole hour before `now` not metered yet, from the one after the last
 * metered (at most MAX_CATCH_UP_HOURS back), or only the hour just ended on a first run.
 */
export async function meterUsageUpTo(db: Db, now: Date): Promise<Date[]> {
  const end = floorHour(now);
  const [last] = rowsOf<{ hour: string | null }>(
    await db.execute(
      sql`SELECT to_char(max(hour) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS hour FROM usage_meter_runs`,
    ),
  );
  const earliest = end.getTime() - MAX_CATCH_UP_HOURS * HOUR_MS;
  const after = last?.hour ? new Date(last.hour).getTime() + HOUR_MS : end.getTime() - HOUR_MS;
  return meterUsageHours(db, new Date(Math.max(after, earliest)), end);
}

/** The meter at five past every hour (a pg-boss schedule: one run across instances). */
export async function scheduleUsageMetering(
  jobs: Jobs,
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
): Promise<void> {
  await jobs.schedule(USAGE_METER_QUEUE, USAGE_METER_CRON, async () => {
    const hours = await meterUsageUpTo(deps.db, deps.clock.now());
    if (hours.length > 1) deps.log.info({ hours: hours.length }, 'usage meter caught up');
  });
}
