import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  AlarmStatus,
  CcxClusterStatus,
  CloudExchangeStatus,
  FirewallStatus,
  LbStatus,
  MAX_DATA_DISKS,
  OrderStatus,
  SnapshotStatus,
  VM_TRANSITIONAL_STATUSES,
  VmStatus,
  VpcStatus,
  type DashboardKind,
  type DashboardState,
  TicketStatus,
} from '@portal/shared';
import {
  alarms,
  bucketKeys,
  buckets,
  ccxClusters,
  cloudExchanges,
  disks,
  firewalls,
  loadBalancers,
  orders,
  tickets,
  snapshotRules,
  snapshots,
  vms,
  vnis,
  vpcs,
} from '../../db/schema/index.js';

/**
 * How the dashboard counts each kind of DASHBOARD_KINDS (packages/shared): its table and, per
 * state, the condition a row of that state meets. All of a kind's counts are one pass over the
 * tenant's rows (`count(*) FILTER (WHERE ...)`), and all kinds one statement (UNION ALL), so the
 * answer costs one round trip whatever the tenant's size. `measures` are other aggregates of the
 * same pass the usage section reads (the running VMs' vCPU, the volumes' sizes).
 */
export interface KindCount<K extends DashboardKind> {
  table: PgTable & { clientId: PgColumn };
  states: Record<DashboardState<K>, SQL>;
  /** An aggregate of the pass, or a figure of the tenant's (given its id) read in the same row. */
  measures?: Record<string, SQL | ((clientId: string) => SQL)>;
}

/** Constants of our own code, written into the statement (never a caller's value). */
const isIn = (column: PgColumn, values: Iterable<number>) =>
  sql`${column} IN (${sql.raw([...values].map((v) => String(Math.trunc(v))).join(', '))})`;
const is = (column: PgColumn, value: number) => sql`${column} = ${sql.raw(String(Math.trunc(value)))}`;

/** A status neither stable nor failed: the cloud is working on the row. */
const busy = (column: PgColumn, stable: number[]) => sql`${column} NOT IN (${sql.raw(stable.join(', '))})`;

/** The states of what a VM may have attached (a disk, an interface): on a VM or not. */
const onVm = (vmId: PgColumn) => ({
  attached: sql`${vmId} IS NOT NULL`,
  unattached: sql`${vmId} IS NULL`,
});

export const KIND_COUNTS: { [K in DashboardKind]: KindCount<K> } = {
  vms: {
    table: vms,
    states: {
      running: is(vms.status, VmStatus.RUNNING),
      stopped: is(vms.status, VmStatus.STOPPED),
      busy: isIn(vms.status, VM_TRANSITIONAL_STATUSES),
      error: is(vms.status, VmStatus.ERROR),
      // As `/api/vms?protected=no` decides: no snapshot rule protects it.
      unprotected: sql`${vms.snapshotRuleId} IS NULL`,
    },
    measures: {
      runningVcpu: sql`coalesce(sum(${vms.cpuCore}) FILTER (WHERE ${is(vms.status, VmStatus.RUNNING)}), 0)`,
      runningRamGb: sql`coalesce(sum(${vms.ramSize}) FILTER (WHERE ${is(vms.status, VmStatus.RUNNING)}), 0)`,
      atDataDiskLimit: sql`count(*) FILTER (WHERE ${vms.dataDiskCount} >= ${sql.raw(String(MAX_DATA_DISKS))})`,
    },
  },
  disks: {
    table: disks,
    states: onVm(disks.vmId),
    measures: {
      sizeGb: sql`coalesce(sum(${disks.sizeGb}), 0)`,
      attachedGb: sql`coalesce(sum(${disks.sizeGb}) FILTER (WHERE ${disks.vmId} IS NOT NULL), 0)`,
    },
  },
  snapshots: {
    table: snapshots,
    states: {
      completed: is(snapshots.status, SnapshotStatus.COMPLETED),
      busy: busy(snapshots.status, [SnapshotStatus.COMPLETED]),
    },
  },
  snapshotRules: { table: snapshotRules, states: {} },
  vpcs: {
    table: vpcs,
    states: {
      available: is(vpcs.status, VpcStatus.AVAILABLE),
      busy: busy(vpcs.status, [VpcStatus.AVAILABLE]),
    },
  },
  vnis: {
    table: vnis,
    states: onVm(vnis.vmId),
  },
  firewalls: {
    table: firewalls,
    states: {
      inUse: is(firewalls.status, FirewallStatus.IN_USE),
      editable: is(firewalls.status, FirewallStatus.EDITABLE),
      busy: busy(firewalls.status, [FirewallStatus.IN_USE, FirewallStatus.EDITABLE, FirewallStatus.ERROR]),
      error: is(firewalls.status, FirewallStatus.ERROR),
    },
  },
  balancers: {
    table: loadBalancers,
    states: {
      active: is(loadBalancers.status, LbStatus.ACTIVE),
      busy: busy(loadBalancers.status, [LbStatus.ACTIVE, LbStatus.ERROR]),
      error: is(loadBalancers.status, LbStatus.ERROR),
    },
  },
  ccxClusters: {
    table: ccxClusters,
    states: {
      running: is(ccxClusters.status, CcxClusterStatus.RUNNING),
      busy: busy(ccxClusters.status, [CcxClusterStatus.RUNNING, CcxClusterStatus.ERROR]),
      error: is(ccxClusters.status, CcxClusterStatus.ERROR),
    },
  },
  exchanges: {
    table: cloudExchanges,
    states: {
      available: is(cloudExchanges.status, CloudExchangeStatus.AVAILABLE),
      ordering: is(cloudExchanges.status, CloudExchangeStatus.ORDERING),
      done: is(cloudExchanges.status, CloudExchangeStatus.DONE),
    },
  },
  buckets: {
    table: buckets,
    states: {},
    measures: {
      usedBytes: sql`coalesce(sum(${buckets.sizeBytes}), 0)`,
      // The keys are the buckets' too (storage/bucket); their own table, counted in the same row.
      keys: (clientId) =>
        sql`(SELECT count(*) FROM ${bucketKeys} WHERE ${bucketKeys.clientId} = ${clientId})`,
    },
  },
  alarms: {
    table: alarms,
    states: {
      normal: is(alarms.status, AlarmStatus.NORMAL),
      alarming: is(alarms.status, AlarmStatus.ALARMING),
      insufficientData: is(alarms.status, AlarmStatus.INSUFFICIENT_DATA),
    },
  },
  orders: {
    table: orders,
    states: {
      inForce: isIn(orders.status, [OrderStatus.NORMAL, OrderStatus.ABOUT_TO_EXPIRE]),
      aboutToExpire: is(orders.status, OrderStatus.ABOUT_TO_EXPIRE),
    },
  },
  tickets: {
    table: tickets,
    states: {
      open: sql`${tickets.status} <> ${TicketStatus.CLOSE}`,
      waiting: sql`${tickets.status} = ${TicketStatus.WAITING}`,
    },
  },
};
