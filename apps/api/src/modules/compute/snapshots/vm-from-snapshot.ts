import { eq } from 'drizzle-orm';
import { canCreateVmFromSnapshot, vmFromSnapshotProblems } from '@portal/shared';
import { snapshots } from '../../../db/schema/index.js';
import { allowed, fail, fieldsRefused } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';

/**
 * The snapshot a new VM starts from (/createSnapshotToNewVM), checked: the caller's, complete,
 * and the VM's image and disks fit it. Locked in share mode, so it cannot be deleted meanwhile.
 */
export async function snapshotForNewVm(
  ctx: ResourceContext,
  snapshotUuid: string,
  body: { templateUUID: string; rootDiskSize: number; dataDisks: { diskSize: number }[] },
) {
  const id = snapshotUuid.toLowerCase();
  const [snapshot] = isUuid(id)
    ? await ctx.db
        .select()
        .from(snapshots)
        .where(ctx.own(snapshots, eq(snapshots.id, id)))
        .for('share')
    : [];
  if (!snapshot) throw fail('SNAPSHOT_STATUS_ERROR');
  allowed(canCreateVmFromSnapshot(snapshot));
  if (body.templateUUID.toLowerCase() !== snapshot.templateId) throw fail('TEMPLATEID_IS_ERROR');
  const problems = vmFromSnapshotProblems(body, snapshot.disks);
  if (Object.keys(problems).length > 0) throw fieldsRefused('UNABLE_TO_REDUCE_DISK_SIZE', problems);
  return snapshot;
}
