import { eq } from 'drizzle-orm';
import {
  canDeleteSnapshot,
  canRestoreSnapshot,
  SnapshotStatus,
  type SnapshotCreate,
  snapshotContract,
} from '@portal/shared';
import { snapshots, vms } from '../../../db/schema/index.js';
import { allowed, fail } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';

import { vmForUpdate } from '../vm-repository.js';
import { getSnapshot, listSnapshots, snapshotForUpdate } from './snapshot-repository.js';
import { SNAPSHOT_OPERATIONS, takeSnapshot } from './take-snapshot.js';

async function createSnapshot(ctx: ResourceContext, body: SnapshotCreate) {
  const vmId = body.vmUuid.toLowerCase();
  if (!isUuid(vmId)) throw fail('VM_NOT_FOUND');
  const vm = await vmForUpdate(ctx, vmId).catch(() => {
    throw fail('VM_NOT_FOUND');
  });
  const taken = await takeSnapshot(ctx.db, ctx.startOperation, vm, { name: body.name, policyId: null });
  if ('refused' in taken) throw fail(taken.refused);
  return getSnapshot(ctx, taken.id);
}

/** Writes the snapshot back over its VM's disks: the VM is stopped and held until it is done. */
async function restoreSnapshot(ctx: ResourceContext, id: string) {
  const snapshot = await snapshotForUpdate(ctx, id);
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
  return startSnapshotOperation(ctx, id, 'restore', SnapshotStatus.RESTORING, { vmId: vm!.id });
}

async function deleteSnapshot(ctx: ResourceContext, id: string) {
  const snapshot = await snapshotForUpdate(ctx, id);
  allowed(canDeleteSnapshot(snapshot));
  return startSnapshotOperation(ctx, id, 'delete', SnapshotStatus.DELETING, {});
}

async function startSnapshotOperation(
  ctx: ResourceContext,
  id: string,
  verb: 'restore' | 'delete',
  status: SnapshotStatus,
  input: Record<string, unknown>,
) {
  await ctx.db
    .update(snapshots)
    .set({ status, pendingOperation: verb, statusReason: null })
    .where(ctx.own(snapshots, eq(snapshots.id, id)));
  await ctx.startOperation({
    resourceType: 'snapshots',
    resourceId: id,
    kind: SNAPSHOT_OPERATIONS[verb],
    input,
  });
  return getSnapshot(ctx, id);
}

/** Snapshots (routes snapshot, createSnapshot, createSnapshotToNewVM; log code 10012). */
export const snapshotResource = defineResource(snapshotContract, {
  table: snapshots,
  list: listSnapshots,
  get: getSnapshot,
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
