import {
  AlarmStatus,
  CcxClusterStatus,
  FirewallStatus,
  LbStatus,
  SnapshotStatus,
  TicketStatus,
  VmStatus,
  routePath,
  type RouteId,
  type DashboardKind,
  type DashboardState,
} from '@portal/shared';

interface KindLink<K extends DashboardKind> {
  /** The route id of the kind's list. */
  route: RouteId;
  /** The list's address filter of a state, where the list has one (`?status=1`). */
  states?: Partial<Record<DashboardState<K>, Record<string, string>>>;
}

/**
 * Where each kind of the dashboard leads: its list, and a state's chip to the list filtered by it
 * when the list can filter so (the resource kit keeps filters in the address). Keyed by the
 * shared DASHBOARD_KINDS, so a new kind does not compile until it says where it links.
 */
export const KIND_LINKS: { [K in DashboardKind]: KindLink<K> } = {
  vms: {
    route: 'vmSetting',
    states: {
      running: { status: String(VmStatus.RUNNING) },
      stopped: { status: String(VmStatus.STOPPED) },
      error: { status: String(VmStatus.ERROR) },
      unprotected: { protected: 'no' },
    },
  },
  disks: { route: 'diskList', states: { attached: { attached: 'yes' }, unattached: { attached: 'no' } } },
  snapshots: { route: 'snapshot', states: { completed: { status: String(SnapshotStatus.COMPLETED) } } },
  snapshotRules: { route: 'snapshotRule' },
  vpcs: { route: 'vpcNets' },
  vnis: { route: 'vni' },
  firewalls: {
    route: 'firewall',
    states: {
      inUse: { status: String(FirewallStatus.IN_USE) },
      editable: { status: String(FirewallStatus.EDITABLE) },
      error: { status: String(FirewallStatus.ERROR) },
    },
  },
  balancers: {
    route: 'balancer',
    states: { active: { status: String(LbStatus.ACTIVE) }, error: { status: String(LbStatus.ERROR) } },
  },
  ccxClusters: {
    route: 'ccxList',
    states: {
      running: { status: String(CcxClusterStatus.RUNNING) },
      error: { status: String(CcxClusterStatus.ERROR) },
    },
  },
  exchanges: { route: 'exCloud' },
  buckets: { route: 'bucket' },
  alarms: {
    route: 'alarm',
    states: {
      normal: { status: String(AlarmStatus.NORMAL) },
      alarming: { status: String(AlarmStatus.ALARMING) },
      insufficientData: { status: String(AlarmStatus.INSUFFICIENT_DATA) },
    },
  },
  orders: { route: 'orderManage' },
  tickets: { route: 'myTicket', states: { waiting: { status: TicketStatus.WAITING } } },
};

/** The path of a kind's list, filtered by a state when its list can be; null: the state has no filter. */
export function kindPath<K extends DashboardKind>(kind: K, state?: DashboardState<K>): string | null {
  const link = KIND_LINKS[kind] as KindLink<K>;
  const path = routePath(link.route);
  if (state === undefined) return path;
  const filter = link.states?.[state];
  return filter ? `${path}?${new URLSearchParams(filter).toString()}` : null;
}
