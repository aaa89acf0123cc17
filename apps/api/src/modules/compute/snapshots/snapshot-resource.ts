import { eq } from 'drizzle-orm';
import {
  canDeleteSnapshot,
  canRestoreSnapshot,
  SnapshotStatus,
  type SnapshotCreate,
  snapshotContract,
} from '@portal/shared';
import { vms } from '../../../db/schema/index.js';
import { allowed, fail } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { rowChange } from '../../../platform/resources/row-change.js';
import { vmRows } from '../vm-repository.js';
import { listSnapshots, snapshotRows } from './snapshot-repository.js';
import { snapshotLifecycle, takeSnapshot } from './take-snapshot.js';

async function createSnapshot(ctx: ResourceContext, body: SnapshotCreate) {
  const vmId = body.vmUuid.toLowerCase();
  if (!isUuid(vmId)) throw fail('VM_NOT_FOUND');
  const vm = await vmRows.forUpdate(ctx, vmId).catch(() => {
    throw fail('VM_NOT_FOUND');
  });
  const taken = await takeSnapshot(ctx.db, ctx.startOperation, vm, { name: body.name, policyId: null });
  if ('refused' in taken) throw fail(taken.refused);
  return snapshotRows.one(ctx, taken.id);
}

/** Writes the snapshot back over its VM's disks: the VM is stopped and held until it is done. */
async function restoreSnapshot(ctx: ResourceContext, id: string) {
  const snapshot = await snapshotRows.forUpdate(ctx, id);
  const [vm] = snapshot.vmId
    ? await ctx.db
        .select({ id: vms.id, status: vms.status, pendingOperation: vms.pendingOperation })
        .from(vms)
        .where(ctx.own(vms, eq(vms.id, snapshot.vmId)))
        .for('update')
    : [];
  allowed(canRestoreSnapshot({ ...snapshot, vmUuid: snapshot.vmId }, vm ?? null));
  await ctx.db
    .update(vms)
    .set({ pendingOperation: 'restore', statusReason: null })
    .where(ctx.own(vms, eq(vms.id, vm!.id)));
  await snapshotLifecycle.begin(ctx, id, 'restore', { status: SnapshotStatus.RESTORING }, { vmId: vm!.id });
  return snapshotRows.one(ctx, id);
}

const deleteSnapshot = rowChange(snapshotRows, snapshotLifecycle, 'delete', canDeleteSnapshot, {
  status: SnapshotStatus.DELETING,
});

/** Snapshots (routes snapshot, createSnapshot, createSnapshotToNewVM; log code 10012). */
export const snapshotResource = defineResource(snapshotContract, {
  rows: snapshotRows,
  list: listSnapshots,
  create: {
    summary: "Take a snapshot of a running or stopped VM's disks (status 0 until the cloud has it)",
    handler: createSnapshot,
  },
  remove: {
    summary: 'Delete a completed snapshot; the login password confirms it',
    handler: deleteSnapshot,
  },
  actions: {
    restore: {
      summary: "Overwrite the stopped VM's disks with the snapshot; the login password confirms it",
      handler: restoreSnapshot,
    },
  },
});
