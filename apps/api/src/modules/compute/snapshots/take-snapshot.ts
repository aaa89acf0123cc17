import { and, asc, desc, eq } from 'drizzle-orm';
import { canSnapshotVm, DiskStatus, SnapshotStatus, type ErrorCode, type SnapshotDisk } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { disks, snapshots, type VmRow } from '../../../db/schema/index.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';
import type { OperationContext } from '../../../platform/resources/operation-start.js';

export const snapshotLifecycle = resourceLifecycle({
  table: snapshots,
  type: 'snapshots',
  kinds: {
    create: 'snapshot.create',
    restore: 'snapshot.restore',
    delete: 'snapshot.delete',
  },
});
export type SnapshotVerb = keyof typeof snapshotLifecycle.kinds;

/** Starts an operation in the caller's transaction (a request's, or the scheduler's). */
export type StartOperation = OperationContext['startOperation'];

/**
 * Ask the cloud for a snapshot of a VM (locked by the caller): a row in "processing" with the
 * VM's disks as they are, and the operation that takes it. Refused with the rule's code when the
 * VM is busy, or when one of its disks is changing (its size is not settled).
 */
export async function takeSnapshot(
  db: Db,
  start: StartOperation,
  vm: VmRow,
  snapshot: { name: string; policyId: string | null },
): Promise<{ id: string } | { refused: ErrorCode }> {
  const rule = canSnapshotVm(vm);
  if (rule !== true) return { refused: rule };
  const volumes = await db
    .select({
      id: disks.id,
      sizeGb: disks.sizeGb,
      speed: disks.speed,
      isRoot: disks.isRoot,
      status: disks.status,
    })
    .from(disks)
    .where(and(eq(disks.clientId, vm.clientId), eq(disks.vmId, vm.id)))
    .orderBy(desc(disks.isRoot), asc(disks.createdAt), asc(disks.id));
  if (volumes.some((v) => v.status !== DiskStatus.READY)) return { refused: 'VM_STATUS_ERROR' };
  const held: SnapshotDisk[] = volumes.map((v) => ({
    sizeGb: v.sizeGb,
    speed: v.speed as 0 | 1,
    isRoot: v.isRoot,
  }));
  const row = await snapshotLifecycle.create(
    { db, clientId: vm.clientId, startOperation: start },
    'create',
    {
      name: snapshot.name,
      vmId: vm.id,
      vmName: vm.name,
      templateId: vm.templateId,
      cpuCore: vm.cpuCore,
      ramSize: vm.ramSize,
      disks: held,
      sizeGb: held.reduce((sum, d) => sum + d.sizeGb, 0),
      diskQty: held.length,
      policyId: snapshot.policyId,
      status: SnapshotStatus.PROCESSING,
    },
    () => ({ vmId: vm.id, volumeIds: volumes.map((v) => v.id) }),
  );
  return { id: row.id };
}
