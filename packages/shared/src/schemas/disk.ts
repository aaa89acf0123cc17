import { z } from 'zod';
import { DiskSpeed, DiskStatus } from '../enums/disk.js';
import { VmStatus } from '../enums/vm.js';
import { isDataDiskSize, isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zUuid, zUuidOrEmpty } from '../validators/zod.js';
import { decimalAmountSchema } from './content.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/** A disk (volume) as lists and forms see it (spec section 3, "Disk"). */
export const diskSchema = z.object({
  uuid: z.string(),
  diskName: z.string(),
  diskSize: z.number().int(),
  diskSpeed: zEnumValue(DiskSpeed),
  status: zEnumValue(DiskStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  /** The type a volume type change is moving to, while it runs. */
  targetSpeed: zEnumValue(DiskSpeed).nullable(),
  /** A VM's root volume: it lives and dies with its VM. */
  isRoot: z.boolean(),
  vmUuid: z.string().nullable(),
  vmName: z.string().nullable(),
  /** The attached VM's status (attaching and detaching need it stopped). */
  vmStatus: zEnumValue(VmStatus).nullable(),
  createdAt: z.string(),
  monthlyPrice: decimalAmountSchema,
});
export type Disk = z.infer<typeof diskSchema>;

const diskSize = z.number({ error: 'validation.dataDiskSize' }).superRefine((value, ctx) => {
  const r = isDataDiskSize(value);
  if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isDataDiskSize.values });
});

export const diskCreateSchema = z.object({
  diskName: zRequired(isResourceName),
  diskSize,
  diskSpeed: zEnumValue(DiskSpeed).default(DiskSpeed.SSD),
  /** Attach to this (stopped) VM once created; empty leaves the disk unattached. */
  vmUuid: zUuidOrEmpty().optional(),
});
export type DiskCreate = z.input<typeof diskCreateSchema>;

/**
 * A change to a disk: a new name at once; a larger size (it never shrinks:
 * UNABLE_TO_REDUCE_DISK_SIZE) online; another volume type over days, with a mail when done.
 */
export const diskUpdateSchema = z.object({
  diskName: zRequired(isResourceName).optional(),
  diskSize: z.number({ error: 'validation.needBeInteger' }).int('validation.needBeInteger').optional(),
  diskSpeed: zEnumValue(DiskSpeed).optional(),
});
export type DiskUpdate = z.infer<typeof diskUpdateSchema>;

export const diskLinkSchema = z.object({ vmUuid: zUuid() });
export type DiskLink = z.infer<typeof diskLinkSchema>;

export type DiskSort = (typeof DISK_SORTS)[number];
export const DISK_SORTS = ['diskName', 'diskSize', 'status', 'createdAt'] as const;
export const diskListQuerySchema = resourceListQuery(DISK_SORTS).extend({
  /** The disks of one VM (a VM's storage tab). */
  vmUuid: zUuid().optional(),
  /** `yes` attached to some VM, `no` free. */
  attached: z.enum(['yes', 'no']).optional(),
  diskSpeed: zEnumValue(DiskSpeed, { coerce: true }).optional(),
});
export type DiskListQuery = z.infer<typeof diskListQuerySchema>;
