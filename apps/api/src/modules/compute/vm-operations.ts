import { and, eq, inArray } from 'drizzle-orm';
import { DiskStatus, VmStatus } from '@portal/shared';
import type { ServerSpec, TaskResult } from '../../cloud/driver.js';
import type { Db } from '../../db/database.js';
import { disks, vmFirewalls, vms, vnis, type OperationRow } from '../../db/schema/index.js';
import type { OperationHandler, Operations } from '../../platform/operations/operations.js';
import { releaseFirewallsAfterVmCreate } from './vm-firewalls.js';
import { removeTags, resourceLifecycle } from '../../platform/resources/lifecycle.js';

/**
 * A VM through its operations, each verb the change it names in `vms.pending_operation` while it
 * runs. Only the operation the VM is waiting for may settle it: a force stop that overtook a stuck
 * start leaves the start's late answer with nothing to change.
 */
export const vmLifecycle = resourceLifecycle({
  table: vms,
  type: 'vms',
  kinds: {
    create: 'vm.create',
    start: 'vm.start',
    stop: 'vm.stop',
    'force-stop': 'vm.forceStop',
    reboot: 'vm.reboot',
    resize: 'vm.resize',
    delete: 'vm.delete',
  },
});
export type VmVerb = keyof typeof vmLifecycle.kinds;
const { kinds, settle } = vmLifecycle;

const at = (result: TaskResult) => (result.at ? new Date(result.at) : new Date());

/** A failed change leaves the VM in error with the cloud's reason, or back where it was. */
const failTo = (verb: VmVerb, status?: 'from') => async (tx: Db, op: OperationRow, error: string) => {
  const from = Number((op.input as { from?: number }).from ?? VmStatus.ERROR);
  await settle(tx, op, verb, { status: status === 'from' ? from : VmStatus.ERROR, statusReason: error });
};

/**
 * The power verbs: the cloud's call, whether a success leaves the VM running (booted then) or
 * stopped (shut down then), and whether a failure puts it back where it was rather than in error.
 */
const POWER = {
  start: { call: 'startServer', running: true, failed: undefined },
  stop: { call: 'stopServer', running: false, failed: 'from' },
  'force-stop': { call: 'forceStopServer', running: false, failed: undefined },
  reboot: { call: 'rebootServer', running: true, failed: 'from' },
} as const;

export function defineVmOperations(operations: Operations): void {
  operations.define(kinds.create, {
    submit: (driver, ref, op) => driver.createServer(ref, op.input as unknown as ServerSpec),
    async succeeded(tx, op, result) {
      const spec = op.input as unknown as ServerSpec & { firewallId: string | null; vpcId: string };
      const settled = await settle(tx, op, 'create', {
        status: VmStatus.RUNNING,
        statusReason: null,
        privateIp: result.privateIp ?? null,
        publicIp: result.publicIp ?? null,
        // A public address the cloud did not give (one libvirt host has none) is not charged.
        ...(result.publicIp ? {} : { autoPublicIp: false }),
        ipv6: result.ipv6 ?? null,
        hypervisorId: result.host ?? null,
        lastBootAt: at(result),
      });
      await releaseFirewallsAfterVmCreate(tx, op.clientId, op.resourceId);
      if (settled.length === 0) return;
      await tx
        .update(disks)
        .set({ status: DiskStatus.READY, pendingOperation: null, statusReason: null })
        .where(and(eq(disks.vmId, op.resourceId), eq(disks.pendingOperation, 'create')));
      await tx.insert(vnis).values({
        clientId: op.clientId,
        vmId: op.resourceId,
        vpcId: spec.vpcId,
        firewallId: spec.firewallId,
        cidrIpv4: spec.cidrIpv4,
        privateIpv4: result.privateIp ?? '',
        publicIp: result.publicIp ?? null,
      });
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'create', { status: VmStatus.ERROR, statusReason: error });
      await releaseFirewallsAfterVmCreate(tx, op.clientId, op.resourceId);
      await tx
        .update(disks)
        .set({ status: DiskStatus.ERROR, pendingOperation: null, statusReason: error })
        .where(and(eq(disks.vmId, op.resourceId), eq(disks.pendingOperation, 'create')));
    },
  } satisfies OperationHandler);

  for (const verb of Object.keys(POWER) as (keyof typeof POWER)[]) {
    const power = POWER[verb];
    operations.define(kinds[verb], {
      submit: (driver, ref, op) => driver[power.call](ref, op.resourceId),
      succeeded: async (tx, op, result) =>
        void (await settle(
          tx,
          op,
          verb,
          power.running
            ? { status: VmStatus.RUNNING, statusReason: null, lastBootAt: at(result) }
            : { status: VmStatus.STOPPED, statusReason: null, lastShutdownAt: at(result) },
        )),
      failed: failTo(verb, power.failed),
    });
  }

  operations.define(kinds.resize, {
    submit: (driver, ref, op) => {
      const size = op.input as { cpuCore: number; ramSize: number };
      return driver.resizeServer(ref, op.resourceId, { cpu: size.cpuCore, ramGb: size.ramSize });
    },
    async succeeded(tx, op) {
      const size = op.input as { cpuCore: number; ramSize: number };
      await settle(tx, op, 'resize', {
        status: VmStatus.STOPPED,
        statusReason: null,
        cpuCore: size.cpuCore,
        ramSize: size.ramSize,
      });
    },
    failed: failTo('resize', 'from'),
  });

  operations.define(kinds.delete, {
    submit: (driver, ref, op) =>
      driver.deleteServer(ref, op.resourceId, (op.input as { volumeIds: string[] }).volumeIds),
    async succeeded(tx, op) {
      const volumeIds = (op.input as { volumeIds: string[] }).volumeIds;
      const [vm] = await tx.select({ id: vms.id }).from(vms).where(vmLifecycle.awaiting(op, 'delete'));
      if (!vm) return;
      // Its interfaces go with it (the foreign key), and their tags with them.
      const interfaces = await tx.select({ id: vnis.id }).from(vnis).where(eq(vnis.vmId, op.resourceId));
      await removeTags(tx, op.clientId, [op.resourceId, ...volumeIds, ...interfaces.map((i) => i.id)]);
      if (volumeIds.length > 0) {
        await tx.delete(disks).where(and(eq(disks.clientId, op.clientId), inArray(disks.id, volumeIds)));
      }
      // Data disks kept are set free by the foreign key; interfaces and firewall links go with it.
      await tx.delete(vmFirewalls).where(eq(vmFirewalls.vmId, op.resourceId));
      await tx.delete(vms).where(eq(vms.id, op.resourceId));
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'delete', { status: VmStatus.ERROR, statusReason: error });
      // The disks that were to go with it stay, as they were.
      await tx
        .update(disks)
        .set({ pendingOperation: null, status: DiskStatus.READY })
        .where(and(eq(disks.vmId, op.resourceId), eq(disks.pendingOperation, 'delete')));
    },
  });
}
