import { sql, type SQL } from 'drizzle-orm';
import {
  OBS_STORAGE_UNDER_CONTRACT,
  USAGE_KINDS,
  VALUATION_ITEMS,
  ccisToday,
  formatTenThousandths,
  sumAmounts,
  tenThousandthsOf,
  valuationItemOf,
  type Language,
  type MeteredUnit,
  type UsageDaily,
  type UsageKind,
  type UsageLine,
  type UsagePrice,
  type UsageReport,
  type UsageReportQuery,
  type Valuation,
  type ValuationItem,
  type ValuationLine,
} from '@portal/shared';
import { rowsOf, type Db } from '../../db/database.js';
import { USAGE_KIND_ORDER_SQL } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';

/**
 * The usage report and the valuation, read from the ledger the hourly meter keeps (metering.ts).
 * Each line carries its amount, priced from the one price list with `usage_amount` (migration
 * 0030) once per line, so a sort by amount, the report's totals and the valuation agree to the
 * ten-thousandth.
 */

const HOUR_MS = 3_600_000;
const iso = (expr: SQL) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The month of `now` on the customer's calendar ('YYYY-MM'). */
export const currentMonth = (now: Date, timeZone: string) => ccisToday(now, timeZone).slice(0, 7);

interface MonthFacts {
  month: string;
  /** The month's first day, as the ledger keys it. */
  first: string;
  start: Date;
  end: Date;
  /** The end of the last hour metered in the month, or null. */
  meteredThrough: Date | null;
}

/** The month's bounds in the customer's time zone, and how far the meter has come in it. */
async function monthFacts(db: Db, month: string, timeZone: string): Promise<MonthFacts> {
  const first = `${month}-01`;
  const [row] = rowsOf<{ start: string; end: string; through: string | null }>(
    await db.execute(sql`
      WITH b AS (SELECT (${first}::date)::timestamp AT TIME ZONE ${timeZone}::text AS s,
                        ((${first}::date) + interval '1 month') AT TIME ZONE ${timeZone}::text AS e)
      SELECT ${iso(sql`b.s`)} AS start, ${iso(sql`b.e`)} AS end,
             (SELECT ${iso(sql`max(r.hour) + interval '1 hour'`)} FROM usage_meter_runs r
              WHERE r.hour >= b.s AND r.hour < b.e) AS through
      FROM b`),
  );
  return {
    month,
    first,
    start: new Date(row!.start),
    end: new Date(row!.end),
    meteredThrough: row!.through ? new Date(row!.through) : null,
  };
}

/**
 * A month's lines of a customer with their amounts: each line is priced when metered, at the price
 * list of the time (`unit_price`, `amount`; metering.ts), so a read adds up what is stored.
 */
const pricedLines = (clientId: string, first: string, kind?: UsageKind) => sql`
  SELECT u.* FROM usage_monthly u
  WHERE u.client_id = ${clientId} AND u.month = ${first}::date
    ${kind ? sql`AND u.resource_kind = ${kind}` : sql``}`;

/** Sorts of the report's lines, on the priced lines' own columns (`l.`, not the text sent). */
const SORTS: Record<NonNullable<UsageReportQuery['sort']>, (dir: SQL) => SQL> = {
  kind: (d) =>
    sql`array_position(${USAGE_KIND_ORDER_SQL}, l.resource_kind) ${d}, l.resource_name ${d}, l.code ${d}, l.detail ${d}, l.resource_id ${d}`,
  name: (d) =>
    sql`l.resource_name ${d}, l.resource_kind ${d}, l.code ${d}, l.detail ${d}, l.resource_id ${d}`,
  code: (d) => sql`l.code ${d}, l.resource_name ${d}, l.detail ${d}, l.resource_id ${d}`,
  quantity: (d) => sql`l.quantity ${d}, l.resource_name ${d}, l.code ${d}, l.detail ${d}, l.resource_id ${d}`,
  amount: (d) => sql`l.amount ${d}, l.resource_name ${d}, l.code ${d}, l.detail ${d}, l.resource_id ${d}`,
};

interface LineRow {
  kind: UsageKind;
  resource_id: string;
  name: string;
  detail: string;
  code: string;
  unit: MeteredUnit;
  per: number;
  quantity: string;
  hours: number;
  amount: string;
  first_hour: string;
  last_hour: string;
}

const lineColumns = sql`resource_kind AS kind, resource_id::text, resource_name AS name, detail, code, unit, per,
  trim_scale(quantity)::text AS quantity, hours, amount::text AS amount,
  ${iso(sql`first_hour`)} AS first_hour, ${iso(sql`last_hour`)} AS last_hour`;

const toLine = (r: LineRow): UsageLine => ({
  kind: r.kind,
  resourceId: r.resource_id,
  name: r.name,
  detail: r.detail,
  code: r.code,
  unit: r.unit,
  per: Number(r.per),
  quantity: r.quantity,
  hours: Number(r.hours),
  amount: r.amount,
  firstHour: r.first_hour,
  lastHour: r.last_hour,
});

/** The price-list lines of `codes`, by code (a code the list lacks is not priced). */
async function pricesOf(db: Db, codes: Iterable<string>): Promise<Record<string, UsagePrice>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return {};
  const rows = rowsOf<{ code: string; name_c: string; name_e: string; unit: string; unit_price: string }>(
    await db.execute(sql`
      SELECT code, name_c, name_e, unit, unit_price::text FROM price_items
      WHERE code IN (${sql.join(
        wanted.map((c) => sql`${c}`),
        sql`, `,
      )})`),
  );
  const prices: Record<string, UsagePrice> = Object.fromEntries(
    rows.map((r) => [r.code, { nameC: r.name_c, nameE: r.name_e, unit: r.unit, unitPrice: r.unit_price }]),
  );
  if (wanted.includes(OBS_STORAGE_UNDER_CONTRACT)) {
    prices[OBS_STORAGE_UNDER_CONTRACT] = {
      nameC: '儲存容量（資料儲存合約內）',
      nameE: 'Storage (within the data store contract)',
      unit: 'gbMonth',
      unitPrice: '0.0000',
    };
  }
  return prices;
}

const CSV_TEXT: Record<
  Language,
  { header: string[]; kinds: Record<UsageKind, string>; units: Record<MeteredUnit, string> }
> = {
  en: {
    header: [
      'Month',
      'Kind',
      'Resource',
      'Resource ID',
      'Detail',
      'Item',
      'Code',
      'Quantity',
      'Unit',
      'Hours',
      'Unit price (TWD)',
      'Per',
      'Amount (TWD)',
    ],
    kinds: {
      vm: 'VM',
      disk: 'Disk',
      snapshot: 'Snapshot',
      bucket: 'Bucket',
      vpc: 'VPC',
      balancer: 'Load balancer',
      firewall: 'Firewall',
      exchange: 'Cloud exchange connection',
      cluster: 'CCX cluster',
      dataStore: 'Data store contract',
    },
    units: {
      vcpuHour: 'vCPU-hours',
      gbRamHour: 'GB-hours (memory)',
      ipHour: 'address-hours',
      gbHour: 'GB-hours',
      instanceHour: 'instance-hours',
      mbpsHour: 'Mbps-hours',
      gb: 'GB',
      mbps: 'Mbps (95th percentile)',
      gbMonth: 'GB for the month',
    },
  },
  'zh-TW': {
    header: [
      '月份',
      '類別',
      '資源',
      '資源 ID',
      '說明',
      '項目',
      '代碼',
      '用量',
      '單位',
      '時數',
      '單價（新台幣）',
      '每單位',
      '金額（新台幣）',
    ],
    kinds: {
      vm: '虛擬主機',
      disk: '磁碟',
      snapshot: '快照',
      bucket: '儲存桶',
      vpc: 'VPC',
      balancer: '負載平衡器',
      firewall: '防火牆',
      exchange: '雲端交換連線',
      cluster: 'CCX 叢集',
      dataStore: '資料儲存合約',
    },
    units: {
      vcpuHour: 'vCPU 小時',
      gbRamHour: 'GB 小時（記憶體）',
      ipHour: '位址小時',
      gbHour: 'GB 小時',
      instanceHour: '執行個體小時',
      mbpsHour: 'Mbps 小時',
      gb: 'GB',
      mbps: 'Mbps（95 計費）',
      gbMonth: 'GB（整月）',
    },
  },
};

const csvCell = (value: string | number) => {
  const s = String(value);
  // Quote every cell; a leading =, +, - or @ would make a spreadsheet run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Decimal quantities ("12.5", up to nine places) summed exactly. */
function sumQuantities(values: readonly string[]): string {
  let total = 0n;
  for (const v of values) {
    const [whole = '0', fraction = ''] = v.split('.');
    total += BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9));
  }
  const fraction = String(total % 1_000_000_000n)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return `${total / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`;
}

export function createUsageService(deps: { db: Db; clock: Clock }) {
  const { clock } = deps;
  const monthOf = (auth: AuthContext, month?: string) =>
    month ?? currentMonth(clock.now(), auth.client.timeZone);

  async function report(auth: AuthContext, query: UsageReportQuery): Promise<UsageReport> {
    const db = auth.tenant.db;
    const clientId = auth.tenant.clientId;
    const facts = await monthFacts(db, monthOf(auth, query.month), auth.client.timeZone);
    const lines = pricedLines(clientId, facts.first, query.kind);
    const dir = sql.raw(query.orderby === 'desc' ? 'DESC' : 'ASC');
    const order = SORTS[query.sort ?? 'kind'](dir);
    const page = query.limit > 0 ? sql`LIMIT ${query.limit} OFFSET ${query.page * query.limit}` : sql``;
    const [records, totals] = await Promise.all([
      db.execute(sql`SELECT ${lineColumns} FROM (${lines}) l ORDER BY ${order} ${page}`),
      db.execute(sql`
        SELECT resource_kind AS kind, sum(amount)::text AS amount, count(*)::int AS n
        FROM (${pricedLines(clientId, facts.first)}) l GROUP BY resource_kind`),
    ]);
    const kindRows = rowsOf<{ kind: UsageKind; amount: string; n: number }>(totals);
    const rows = rowsOf<LineRow>(records).map(toLine);
    const kinds = USAGE_KINDS.flatMap((kind) => {
      const row = kindRows.find((k) => k.kind === kind);
      return row ? [{ kind, amount: row.amount }] : [];
    });
    return {
      month: facts.month,
      timeZone: auth.client.timeZone,
      currency: 'TWD',
      meteredThrough: facts.meteredThrough?.toISOString() ?? null,
      lines: {
        records: rows,
        total: query.kind
          ? Number(kindRows.find((k) => k.kind === query.kind)?.n ?? 0)
          : kindRows.reduce((n, k) => n + Number(k.n), 0),
        page: query.page,
        limit: query.limit,
      },
      kinds,
      total: sumAmounts(kinds.map((k) => k.amount)),
      prices: await pricesOf(
        db,
        rows.map((r) => r.code),
      ),
    };
  }

  /** Every line of the month as CSV (UTF-8 with a byte-order mark, so Excel reads the Chinese). */
  async function reportCsv(auth: AuthContext, month: string | undefined, lang: Language) {
    const db = auth.tenant.db;
    const facts = await monthFacts(db, monthOf(auth, month), auth.client.timeZone);
    const rows = rowsOf<LineRow & { unit_price: string }>(
      await db.execute(sql`
        SELECT ${lineColumns}, unit_price::text AS unit_price
        FROM (${pricedLines(auth.tenant.clientId, facts.first)}) l ORDER BY ${SORTS.kind(sql.raw('ASC'))}`),
    ).map((r) => ({ ...toLine(r), unitPrice: r.unit_price }));
    const prices = await pricesOf(
      db,
      rows.map((r) => r.code),
    );
    const text = CSV_TEXT[lang];
    const lines = [text.header.map(csvCell).join(',')];
    for (const r of rows) {
      const price = prices[r.code];
      lines.push(
        [
          facts.month,
          text.kinds[r.kind],
          r.name,
          r.resourceId,
          r.detail,
          price ? (lang === 'en' ? price.nameE : price.nameC) : r.code,
          r.code,
          r.quantity,
          text.units[r.unit],
          r.hours,
          r.unitPrice,
          r.per,
          r.amount,
        ]
          .map(csvCell)
          .join(','),
      );
    }
    const total = sumAmounts(rows.map((r) => r.amount));
    lines.push([facts.month, '', '', '', '', '', '', '', '', '', '', '', total].map(csvCell).join(','));
    return { month: facts.month, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
  }

  /** Each day's amount per kind (the chart). */
  async function daily(auth: AuthContext, month?: string): Promise<UsageDaily> {
    const db = auth.tenant.db;
    const facts = await monthFacts(db, monthOf(auth, month), auth.client.timeZone);
    const rows = rowsOf<{ day: string; kind: UsageKind; amount: string }>(
      await db.execute(sql`
        SELECT d.day::text AS day, d.resource_kind AS kind,
               sum(usage_amount(d.quantity, coalesce(p.unit_price, 0), d.per))::text AS amount
        FROM usage_daily d LEFT JOIN price_items p ON p.code = d.code
        WHERE d.client_id = ${auth.tenant.clientId}
          AND d.day >= ${facts.first}::date AND d.day < (${facts.first}::date + interval '1 month')
        GROUP BY d.day, d.resource_kind
        ORDER BY d.day, d.resource_kind`),
    );
    return { month: facts.month, days: rows };
  }

  async function valuation(auth: AuthContext, month?: string): Promise<Valuation> {
    return valuationOf(
      auth.tenant.db,
      auth.tenant.clientId,
      auth.client.timeZone,
      monthOf(auth, month),
      clock.now(),
    );
  }

  return { report, reportCsv, daily, valuation };
}

export type UsageService = ReturnType<typeof createUsageService>;

interface ValuationRow {
  kind: UsageKind;
  code: string;
  unit: MeteredUnit;
  per: number;
  unit_price: string;
  quantity: string;
  amount: string;
  forecast_quantity: string;
  forecast_amount: string;
}

/**
 * The valuation of a customer's month at `now`: what the meter counted so far, priced, and the
 * forecast to the month's end: each line still metered in the last metered hour carries on at
 * that hour's quantity for the hours left (a month's figure, such as the commitment, stays as it
 * is). A month that is over has no hours left.
 */
export async function valuationOf(
  db: Db,
  clientId: string,
  timeZone: string,
  month: string,
  now: Date,
): Promise<Valuation> {
  const facts = await monthFacts(db, month, timeZone);
  const hoursInMonth = Math.round((facts.end.getTime() - facts.start.getTime()) / HOUR_MS);
  const hoursMetered = facts.meteredThrough
    ? Math.round((facts.meteredThrough.getTime() - facts.start.getTime()) / HOUR_MS)
    : 0;
  const current = now >= facts.start && now < facts.end;
  const hoursLeft = current && facts.meteredThrough ? Math.max(0, hoursInMonth - hoursMetered) : 0;
  const lastHour = facts.meteredThrough ? new Date(facts.meteredThrough.getTime() - HOUR_MS) : null;
  const carries = lastHour
    ? sql`(NOT l.monthly AND l.last_hour = ${lastHour.toISOString()}::timestamptz)`
    : sql`false`;

  const rows = rowsOf<ValuationRow>(
    await db.execute(sql`
      WITH l AS (${pricedLines(clientId, facts.first)}),
      f AS (
        SELECT l.*, CASE WHEN ${carries} THEN l.quantity + l.last_quantity * ${hoursLeft}::int ELSE l.quantity END
                 AS forecast_quantity
        FROM l)
      SELECT resource_kind AS kind, code, unit, per, max(unit_price)::text AS unit_price,
             trim_scale(sum(quantity))::text AS quantity, sum(amount)::text AS amount,
             trim_scale(sum(forecast_quantity))::text AS forecast_quantity,
             sum(usage_amount(forecast_quantity, unit_price, per))::text AS forecast_amount
      FROM f GROUP BY resource_kind, code, unit, per
      ORDER BY code`),
  );
  const [peak] = rowsOf<{ bytes: string; at: string }>(
    await db.execute(sql`
      SELECT peak_bytes::text AS bytes, ${iso(sql`peak_at`)} AS at FROM usage_storage_peaks
      WHERE client_id = ${clientId} AND month = ${facts.first}::date`),
  );
  const [vmCount] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(DISTINCT resource_id)::int AS n FROM usage_monthly
      WHERE client_id = ${clientId} AND month = ${facts.first}::date AND resource_kind = 'vm'`),
  );

  // Lines of one item and one code come together (a VM's vCPU and a cluster's are two items).
  const byItem = new Map<ValuationItem, Map<string, ValuationLine>>();
  for (const row of rows) {
    const item = valuationItemOf(row.kind, row.code);
    const lines = byItem.get(item) ?? new Map<string, ValuationLine>();
    byItem.set(item, lines);
    const key = `${row.code}:${row.per}`;
    const before = lines.get(key);
    lines.set(key, {
      code: row.code,
      unit: row.unit,
      per: Number(row.per),
      unitPrice: row.unit_price,
      quantity: sumQuantities([before?.quantity ?? '0', row.quantity]),
      amount: sumAmounts([before?.amount ?? '0', row.amount]),
      forecastQuantity: sumQuantities([before?.forecastQuantity ?? '0', row.forecast_quantity]),
      forecastAmount: sumAmounts([before?.forecastAmount ?? '0', row.forecast_amount]),
    });
  }
  const items = VALUATION_ITEMS.flatMap((item) => {
    const lines = [...(byItem.get(item)?.values() ?? [])];
    if (lines.length === 0) return [];
    return [
      {
        item,
        lines,
        amount: sumAmounts(lines.map((l) => l.amount)),
        forecastAmount: sumAmounts(lines.map((l) => l.forecastAmount)),
      },
    ];
  });
  const vmRows = rows.filter((r) => r.kind === 'vm' && r.code !== 'vpc.transfer');
  const line = (code: string) => rows.find((r) => r.kind === 'dataStore' && r.code === code);
  const commit = line('ccis.commit');
  const excess = line('ccis.excess');
  const date = current
    ? ccisToday(now, timeZone)
    : now < facts.start
      ? facts.first
      : ccisToday(new Date(facts.end.getTime() - 1), timeZone);

  return {
    month,
    date,
    timeZone,
    currency: 'TWD',
    meteredThrough: facts.meteredThrough?.toISOString() ?? null,
    hoursInMonth,
    hoursMetered,
    hoursLeft,
    vms: {
      count: vmCount?.n ?? 0,
      amount: sumAmounts(vmRows.map((r) => r.amount)),
      forecastAmount: sumAmounts(vmRows.map((r) => r.forecast_amount)),
    },
    items,
    dataStore: {
      commitGb: commit ? Number(commit.quantity) : 0,
      maximumUsageBytes: peak ? Number(peak.bytes) : 0,
      maximumUsageAt: peak?.at ?? null,
      excessGb: excess ? Number(excess.quantity) : 0,
      commitAmount: commit?.amount ?? '0.0000',
      excessAmount: excess?.amount ?? '0.0000',
    },
    monthToDate: sumAmounts(rows.map((r) => r.amount)),
    forecast: sumAmounts(rows.map((r) => r.forecast_amount)),
    prices: await pricesOf(
      db,
      rows.map((r) => r.code),
    ),
  };
}

/** The valuation of the customer's current month (its calendar's) at `now`: the dashboard's spend. */
export const currentValuation = (auth: AuthContext, now: Date): Promise<Valuation> =>
  valuationOf(
    auth.tenant.db,
    auth.tenant.clientId,
    auth.client.timeZone,
    currentMonth(now, auth.client.timeZone),
    now,
  );

/**
 * What the customer's usage has cost so far this month (their calendar month at `now`), as a
 * decimal string with four places: the budget alarms compare it with a budget.
 */
export async function monthToDateSpend(db: Db, clientId: string, now: Date): Promise<string> {
  const [client] = rowsOf<{ time_zone: string }>(
    await db.execute(sql`SELECT time_zone FROM clients WHERE id = ${clientId}`),
  );
  if (!client) return '0.0000';
  const first = `${currentMonth(now, client.time_zone)}-01`;
  const [row] = rowsOf<{ amount: string | null }>(
    await db.execute(sql`SELECT sum(amount)::text AS amount FROM (${pricedLines(clientId, first)}) l`),
  );
  return formatTenThousandths(tenThousandthsOf(row?.amount ?? '0'));
}
