import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  AlarmKind,
  AlarmStatus,
  BUCKET_KEYS_MAX,
  CCIS_MAX_GB,
  DASHBOARD_ALARMING_SHOWN,
  DASHBOARD_KINDS,
  FIREWALL_LIMIT,
  MAX_DATA_DISKS,
  hasAuthority,
  type Dashboard,
  type DashboardCount,
  type DashboardKind,
  type DashboardLimit,
  type DashboardSpend,
  type DashboardUsage,
  type CcisContract,
  type Valuation,
} from '@portal/shared';
import { rowsOf, type Db } from '../../db/database.js';
import { alarms } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { KIND_COUNTS, type KindCount } from './dashboard-kinds.js';

interface KindFigures extends DashboardCount {
  measures: Record<string, number>;
}

/** A quoted SQL literal of a key of our own code (a kind, a state, a measure: letters only). */
const key = (name: string) => {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a dashboard key: ${name}`);
  return sql.raw(`'${name}'`);
};

/**
 * Every kind given, counted in one statement: per kind one pass over the tenant's rows (through
 * its `(client_id, ...)` indexes) answering its total, its states and its measures as JSON.
 */
async function countKinds(
  db: Db,
  clientId: string,
  kinds: DashboardKind[],
): Promise<Map<DashboardKind, KindFigures>> {
  if (kinds.length === 0) return new Map();
  const selects = kinds.map((kind) => {
    const { table, states, measures = {} } = KIND_COUNTS[kind] as KindCount<DashboardKind>;
    const pairs = (entries: [string, SQL][]) =>
      entries.length
        ? sql.join(
            entries.map(([name, expr]) => sql`${key(name)}, ${expr}`),
            sql`, `,
          )
        : sql``;
    const stateSql = pairs(
      Object.entries(states as Record<string, SQL>).map(([s, cond]) => [
        s,
        sql`count(*) FILTER (WHERE ${cond})`,
      ]),
    );
    const measureSql = pairs(
      Object.entries(measures).map(([m, expr]) => [m, typeof expr === 'function' ? expr(clientId) : expr]),
    );
    return sql`SELECT ${key(kind)} AS kind, json_build_object(
        'total', count(*),
        'states', json_build_object(${stateSql}),
        'measures', json_build_object(${measureSql}))::text AS figures
      FROM ${table} WHERE ${table.clientId} = ${clientId}`;
  });
  const rows = rowsOf<{ kind: DashboardKind; figures: string }>(
    await db.execute(sql.join(selects, sql` UNION ALL `)),
  );
  return new Map(
    rows.map((r) => {
      const f = JSON.parse(r.figures) as KindFigures;
      const measures = Object.fromEntries(Object.entries(f.measures).map(([m, v]) => [m, Number(v)]));
      return [r.kind, { total: Number(f.total), states: f.states, measures }];
    }),
  );
}

/** What other modules know, handed in by the app: the data-store contract and this month's valuation. */
export interface DashboardSources {
  contractOf: (auth: AuthContext) => Promise<CcisContract>;
  valuationOf: (auth: AuthContext, now: Date) => Promise<Valuation>;
}

/**
 * The dashboard of GET /api/dashboard (docs/dashboard-api.md): what the caller may see of the
 * tenant, counted per kind and state, the use of the product's limits and the month's spend.
 * A kind the caller's roles do not let it view is left out, not zero.
 */
export function createDashboardService(deps: { clock: Clock } & DashboardSources) {
  async function alarmingNames(db: Db, clientId: string) {
    return db
      .select({ uuid: alarms.id, alarmName: alarms.name })
      .from(alarms)
      .where(and(eq(alarms.clientId, clientId), eq(alarms.status, AlarmStatus.ALARMING)))
      .orderBy(asc(alarms.name), asc(alarms.id))
      .limit(DASHBOARD_ALARMING_SHOWN);
  }

  /** The tenant's budget alarm (the one alarming first, else the oldest), or null. */
  async function budgetAlarm(db: Db, clientId: string) {
    const [row] = await db
      .select({
        alarmUuid: alarms.id,
        alarmName: alarms.name,
        amount: sql<string>`${alarms.budgetAmount}::text`,
        thresholdPct: alarms.thresholdPct,
        status: alarms.status,
      })
      .from(alarms)
      .where(and(eq(alarms.clientId, clientId), eq(alarms.kind, AlarmKind.BUDGET)))
      .orderBy(desc(sql`${alarms.status} = ${AlarmStatus.ALARMING}`), asc(alarms.createdAt), asc(alarms.id))
      .limit(1);
    return row ? { ...row, thresholdPct: row.thresholdPct ?? 0 } : null;
  }

  async function spendOf(auth: AuthContext, withBudget: boolean): Promise<DashboardSpend> {
    const { db, clientId } = auth.tenant;
    const [valuation, budget] = await Promise.all([
      deps.valuationOf(auth, deps.clock.now()),
      withBudget ? budgetAlarm(db, clientId) : undefined,
    ]);
    return {
      month: valuation.month,
      currency: valuation.currency,
      monthToDate: valuation.monthToDate,
      forecast: valuation.forecast,
      meteredThrough: valuation.meteredThrough,
      ...(withBudget ? { budget } : {}),
    };
  }

  async function dashboard(auth: AuthContext): Promise<Dashboard> {
    const can = (leaf: string) => hasAuthority(auth.authority, leaf);
    const { db, clientId } = auth.tenant;
    const kinds = DASHBOARD_KINDS.filter((k) => can(k.authority)).map((k) => k.kind);
    const [figures, alarming, contract, spend] = await Promise.all([
      countKinds(db, clientId, kinds),
      can('monitor/alarm') ? alarmingNames(db, clientId) : undefined,
      can('storage/ccis') ? deps.contractOf(auth) : undefined,
      can('billing/valuation') ? spendOf(auth, can('monitor/alarm')) : undefined,
    ]);

    const counts: Dashboard['counts'] = {};
    for (const [kind, { total, states }] of figures) counts[kind] = { total, states };

    const vmsFig = figures.get('vms');
    const disksFig = figures.get('disks');
    const limits: DashboardLimit[] = [];
    const firewallsFig = figures.get('firewalls');
    if (firewallsFig) limits.push({ id: 'firewalls', used: firewallsFig.total, limit: FIREWALL_LIMIT });
    const bucketsFig = figures.get('buckets');
    if (bucketsFig)
      limits.push({ id: 'bucketKeys', used: bucketsFig.measures.keys ?? 0, limit: BUCKET_KEYS_MAX });
    const current = contract?.current ?? null;
    if (contract) limits.push({ id: 'dataStoreCommitGb', used: current?.commitGb ?? 0, limit: CCIS_MAX_GB });

    const usage: DashboardUsage = { limits };
    if (vmsFig) {
      usage.running = {
        vms: vmsFig.states.running ?? 0,
        vcpu: vmsFig.measures.runningVcpu ?? 0,
        ramGb: vmsFig.measures.runningRamGb ?? 0,
      };
      usage.dataDisksPerVm = { limit: MAX_DATA_DISKS, vmsAtLimit: vmsFig.measures.atDataDiskLimit ?? 0 };
    }
    if (disksFig) {
      usage.diskGb = { total: disksFig.measures.sizeGb ?? 0, attached: disksFig.measures.attachedGb ?? 0 };
    }
    if (contract) {
      usage.dataStore = current
        ? {
            commitGb: current.commitGb,
            limitGb: CCIS_MAX_GB,
            usedBytes: contract.usedBytes,
            expireDate: current.expireDate,
          }
        : null;
    }

    return {
      at: deps.clock.now().toISOString(),
      counts,
      ...(alarming ? { alarming } : {}),
      usage,
      ...(spend ? { spend } : {}),
    };
  }

  return { dashboard };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
