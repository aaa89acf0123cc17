import { z } from 'zod';
import { DiskSpeed } from '../enums/disk.js';
import { SnapshotStatus } from '../enums/snapshot.js';
import { VmStatus } from '../enums/vm.js';
import { isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/** One volume a snapshot holds, as it was when taken (a VM made from it starts from these). */
export const snapshotDiskSchema = z.object({
  sizeGb: z.number().int(),
  speed: zEnumValue(DiskSpeed),
  isRoot: z.boolean(),
});
export type SnapshotDisk = z.infer<typeof snapshotDiskSchema>;

/**
 * A snapshot of a VM's disks (spec section 3, "Snapshot"). It outlives its VM: `vmUuid` is null
 * once the VM is deleted, and `vmName`, the image and the size it had stay, so a new VM can still
 * be made from it.
 */
export const snapshotSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The disks' total size (GB). */
  snapshotSizes: z.number().int(),
  vmUuid: z.string().nullable(),
  vmName: z.string(),
  /** The VM's status now (a restore needs it stopped); null once the VM is gone. */
  vmStatus: zEnumValue(VmStatus).nullable(),
  diskQty: z.number().int(),
  /** The rule that took it; null for one taken by hand (or whose rule was deleted). */
  policyUuid: z.string().nullable(),
  policyName: z.string().nullable(),
  status: zEnumValue(SnapshotStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  templateUUID: z.string(),
  templateOSName: z.string(),
  cpuCore: z.number().int(),
  ramSize: z.number().int(),
  disks: z.array(snapshotDiskSchema),
  createDate: z.string(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotCreateSchema = z.object({
  name: zRequired(isResourceName),
  vmUuid: zUuid(),
});
export type SnapshotCreate = z.infer<typeof snapshotCreateSchema>;

export const SNAPSHOT_SORTS = ['name', 'status', 'snapshotSizes', 'createDate'] as const;
export type SnapshotSort = (typeof SNAPSHOT_SORTS)[number];
export const snapshotListQuerySchema = resourceListQuery(SNAPSHOT_SORTS).extend({
  vmUuid: zUuid().optional(),
  policyUuid: zUuid().optional(),
  status: zEnumValue(SnapshotStatus, { coerce: true }).optional(),
});
export type SnapshotListQuery = z.infer<typeof snapshotListQuerySchema>;

/**
 * A VM made from a snapshot starts from its disks: the root and each of its data disks at least
 * as large as they were (a volume never shrinks). Field path → message key, for form and server.
 */
export function vmFromSnapshotProblems(
  body: { rootDiskSize: number; dataDisks: readonly { diskSize: number }[] },
  disks: readonly SnapshotDisk[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const [root, ...data] = disks;
  if (root && body.rootDiskSize < root.sizeGb) problems.rootDiskSize = 'validation.snapshotDiskSize';
  if (body.dataDisks.length < data.length) problems.dataDisks = 'validation.snapshotDisks';
  data.forEach((disk, i) => {
    const size = body.dataDisks[i]?.diskSize;
    if (size !== undefined && size < disk.sizeGb)
      problems[`dataDisks.${i}.diskSize`] = 'validation.snapshotDiskSize';
  });
  return problems;
}
