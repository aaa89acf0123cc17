import { z } from 'zod';
import type { AuthorityLeaf } from '../authority/authority.js';
import { decimalAmountSchema } from './content.js';

/**
 * The kinds the dashboard counts (route dashboard, log code 10009; docs/dashboard-api.md), each
 * with the authority leaf that lets a user see it and the states it is counted by. This list is
 * the one place a kind is declared: the API's count query (modules/dashboard/dashboard-kinds.ts)
 * and the page's links (features/dashboard/kind-links.ts) are records keyed by it, so a kind added
 * here (support tickets, say: `{ kind: 'tickets', authority: 'myAccount/myTicket', states: ['open'] }`)
 * does not compile until both say how to count it and where it links.
 *
 * States are counts of rows in that state; they need not add up to the total (`unprotected` VMs
 * are also running or stopped).
 */
export const DASHBOARD_KINDS = [
  {
    kind: 'vms',
    authority: 'compute/vm',
    states: ['running', 'stopped', 'busy', 'error', 'unprotected'],
  },
  { kind: 'disks', authority: 'compute/disk', states: ['attached', 'unattached'] },
  { kind: 'snapshots', authority: 'compute/snapshot', states: ['completed', 'busy'] },
  { kind: 'snapshotRules', authority: 'compute/snapshot', states: [] },
  { kind: 'vpcs', authority: 'network/vpc', states: ['available', 'busy'] },
  { kind: 'vnis', authority: 'network/vni', states: ['attached', 'unattached'] },
  { kind: 'firewalls', authority: 'network/firewall', states: ['inUse', 'editable', 'busy', 'error'] },
  { kind: 'balancers', authority: 'network/balancer', states: ['active', 'busy', 'error'] },
  { kind: 'ccxClusters', authority: 'network/ccx', states: ['running', 'busy', 'error'] },
  { kind: 'exchanges', authority: 'network/exCloud', states: ['available', 'ordering', 'done'] },
  { kind: 'buckets', authority: 'storage/bucket', states: [] },
  { kind: 'alarms', authority: 'monitor/alarm', states: ['normal', 'alarming', 'insufficientData'] },
  { kind: 'orders', authority: 'myAccount/orderManage', states: ['inForce', 'aboutToExpire'] },
] as const satisfies readonly { kind: string; authority: AuthorityLeaf; states: readonly string[] }[];

export type DashboardKindDeclaration = (typeof DASHBOARD_KINDS)[number];
export type DashboardKind = DashboardKindDeclaration['kind'];
/** The states of one kind: `DashboardState<'vms'>` is 'running' | 'stopped' | ... */
export type DashboardState<K extends DashboardKind> = Extract<
  DashboardKindDeclaration,
  { kind: K }
>['states'][number];
export const DASHBOARD_KIND_IDS = DASHBOARD_KINDS.map((k) => k.kind) as [DashboardKind, ...DashboardKind[]];

const count = z.number().int().min(0);

/** Alarming alarms the answer names (the page's alert); the count says how many more. */
export const DASHBOARD_ALARMING_SHOWN = 5;

export const dashboardCountSchema = z.object({
  total: count,
  /** Rows per state of the kind's declaration. */
  states: z.record(z.string(), count),
});
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

/** Limits the product enforces (each refusal has its error code), with what the customer holds. */
export const DASHBOARD_LIMITS = ['firewalls', 'bucketKeys', 'dataStoreCommitGb'] as const;
export type DashboardLimitId = (typeof DASHBOARD_LIMITS)[number];

export const dashboardLimitSchema = z.object({
  id: z.enum(DASHBOARD_LIMITS),
  used: count,
  limit: count,
});
export type DashboardLimit = z.infer<typeof dashboardLimitSchema>;

export const dashboardUsageSchema = z.object({
  /** What the running VMs hold (compute/vm). No quota applies: the figures stand alone. */
  running: z.object({ vms: count, vcpu: count, ramGb: count }).optional(),
  /** Data disks a VM may have (DISKS_LIMIT_3) and how many VMs are at it (compute/vm). */
  dataDisksPerVm: z.object({ limit: count, vmsAtLimit: count }).optional(),
  /** Volume sizes (compute/disk). */
  diskGb: z.object({ total: count, attached: count }).optional(),
  /** The data-store contract in force and the buckets' use against it (storage/ccis); null: none. */
  dataStore: z
    .object({ commitGb: count, limitGb: count, usedBytes: count, expireDate: z.string() })
    .nullable()
    .optional(),
  /** Each only when the caller may see its kind. */
  limits: z.array(dashboardLimitSchema),
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

/** The month's spend from the valuation (billing/valuation), with the budget alarm (monitor/alarm). */
export const dashboardSpendSchema = z.object({
  month: z.string(),
  currency: z.literal('TWD'),
  monthToDate: decimalAmountSchema,
  forecast: decimalAmountSchema,
  meteredThrough: z.string().nullable(),
  /** The tenant's budget alarm, when it has one and the caller may see alarms. */
  budget: z
    .object({
      alarmUuid: z.string(),
      alarmName: z.string(),
      amount: decimalAmountSchema,
      thresholdPct: z.number().int(),
      /** AlarmStatus: 0 normal, 1 alarming, 2 insufficient data. */
      status: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type DashboardSpend = z.infer<typeof dashboardSpendSchema>;

/**
 * GET /api/dashboard: one answer with every kind the caller may see (a kind it may not see is
 * left out, not zero), usage against the product's limits and the month's spend.
 */
export const dashboardSchema = z.object({
  /** When the figures were read (the server's clock). */
  at: z.string(),
  counts: z.partialRecord(z.enum(DASHBOARD_KIND_IDS), dashboardCountSchema),
  /** The first alarms alarming now, by name (monitor/alarm); `counts.alarms.states.alarming` counts all. */
  alarming: z.array(z.object({ uuid: z.string(), alarmName: z.string() })).optional(),
  usage: dashboardUsageSchema,
  spend: dashboardSpendSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
