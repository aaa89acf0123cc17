// No zod here: the dashboard page reads these, and its first load carries no schema library.
import type { AuthorityLeaf } from './authority/authority.js';

/**
 * The kinds the dashboard counts (route dashboard, log code 10009; docs/dashboard-api.md), each
 * with the authority leaf that lets a user see it and the states it is counted by. This list is
 * the one place a kind is declared: the API's count query (modules/dashboard/dashboard-kinds.ts)
 * and the page's links (features/dashboard/kind-links.ts) are records keyed by it, so a kind added
 * here does not compile until both say how to count it and where it links.
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
  // Support tickets: the open ones, and those waiting for the customer's answer.
  { kind: 'tickets', authority: 'myAccount/myTicket', states: ['open', 'waiting'] },
] as const satisfies readonly { kind: string; authority: AuthorityLeaf; states: readonly string[] }[];

export type DashboardKindDeclaration = (typeof DASHBOARD_KINDS)[number];
export type DashboardKind = DashboardKindDeclaration['kind'];
/** The states of one kind: `DashboardState<'vms'>` is 'running' | 'stopped' | ... */
export type DashboardState<K extends DashboardKind> = Extract<
  DashboardKindDeclaration,
  { kind: K }
>['states'][number];
export const DASHBOARD_KIND_IDS = DASHBOARD_KINDS.map((k) => k.kind) as [DashboardKind, ...DashboardKind[]];

/** Alarming alarms the answer names (the page's alert); the count says how many more. */
export const DASHBOARD_ALARMING_SHOWN = 5;

/** Limits the product enforces (each refusal has its error code), with what the customer holds. */
export const DASHBOARD_LIMITS = ['firewalls', 'bucketKeys', 'dataStoreCommitGb'] as const;
export type DashboardLimitId = (typeof DASHBOARD_LIMITS)[number];
