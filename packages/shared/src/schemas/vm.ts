import { z } from 'zod';
import { MAX_DATA_DISKS } from '../constants.js';
import { DiskSpeed } from '../enums/disk.js';
import { VmStatus } from '../enums/vm.js';
import { isDataDiskSize, isResourceName, isRootDiskSize, isVcpu, vmRam } from '../validators/resources.js';
import { zEnumValue, zRequired, zUuid, zUuidOrEmpty } from '../validators/zod.js';
import { decimalAmountSchema } from './content.js';
import {
  currentPasswordSchema,
  pendingOperationSchema,
  resourceListQuery,
  statusReasonSchema,
} from './resource.js';

/** A VM as lists and the detail page see it (spec section 3, "VM"). */
export const vmSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  status: zEnumValue(VmStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  templateUUID: z.string(),
  templateOSName: z.string(),
  cpuCore: z.number().int(),
  ramSize: z.number().int(),
  rootDiskSize: z.number().int(),
  dataDiskCount: z.number().int(),
  privateIP: z.string().nullable(),
  publicIP: z.string().nullable(),
  ipv6: z.string().nullable(),
  vpcUuid: z.string(),
  vpcName: z.string(),
  vniUuid: z.string().nullable(),
  firewallUuids: z.array(z.string()),
  hypervisorId: z.string().nullable(),
  enableAutoRecover: z.boolean(),
  enableTerminationProtection: z.boolean(),
  enableStopProtection: z.boolean(),
  /** Converted to an annual contract: its size is fixed (YEARLY_VM_CANNOT_ADJUST). */
  isAnnual: z.boolean(),
  lastBootTime: z.string().nullable(),
  lastShutdownTime: z.string().nullable(),
  /** The snapshot rule that protects it; null: no scheduled snapshots. */
  snapshotRuleUuid: z.string().nullable(),
  createdAt: z.string(),
  /** The monthly estimate of its current size from the price list (TWD); annual prices when annual. */
  monthlyPrice: decimalAmountSchema,
});
export type Vm = z.infer<typeof vmSchema>;

const cpuCore = z.number({ error: 'validation.vmCpu' }).superRefine((value, ctx) => {
  const r = isVcpu(value);
  if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isVcpu.values });
});
const ramSize = z.number({ error: 'validation.vmRamRange' }).int('validation.vmRamRange');

/** RAM is checked against the vCPU count it is asked with (1x to 8x). */
function ramMatchesCpu(body: { cpuCore?: number; ramSize?: number }, ctx: z.RefinementCtx) {
  if (body.ramSize === undefined) return;
  const r = vmRam(body.cpuCore, body.ramSize);
  if (r !== true) ctx.addIssue({ code: 'custom', message: r, path: ['ramSize'] });
}

export const dataDiskInputSchema = z.object({
  diskSize: z.number({ error: 'validation.dataDiskSize' }).superRefine((value, ctx) => {
    const r = isDataDiskSize(value);
    if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isDataDiskSize.values });
  }),
  diskSpeed: zEnumValue(DiskSpeed).default(DiskSpeed.SSD),
});
export type DataDiskInput = z.infer<typeof dataDiskInputSchema>;

/** The create form of spec section 3 ("create fields") with the rules of section 5. */
export const vmCreateSchema = z
  .object({
    name: zRequired(isResourceName),
    templateUUID: zUuid(),
    cpuCore,
    ramSize,
    rootDiskSize: z.number({ error: 'validation.rootDiskSize' }).superRefine((value, ctx) => {
      const r = isRootDiskSize(value);
      if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isRootDiskSize.values });
    }),
    rootDiskSpeed: zEnumValue(DiskSpeed).default(DiskSpeed.SSD),
    dataDisks: z
      .array(dataDiskInputSchema)
      .max(MAX_DATA_DISKS, { error: 'validation.dataDisksMax' })
      .default([]),
    vpcUuid: zUuid(),
    firewallUuids: z.array(zUuid()).max(5).default([]),
    isAutoAssignPublicIP: z.boolean().default(true),
    /** A host to place the VM on; empty lets the cloud choose. */
    hypervisorId: z.string().trim().max(64).optional(),
    enableAutoRecover: z.boolean().default(true),
    enableTerminationProtection: z.boolean().default(false),
    enableStopProtection: z.boolean().default(false),
    /**
     * Start from this snapshot's disks (/createSnapshotToNewVM): its image, and disks at least
     * as large as the snapshot's.
     */
    snapshotUuid: zUuidOrEmpty().optional(),
  })
  .superRefine(ramMatchesCpu);
export type VmCreate = z.input<typeof vmCreateSchema>;

/**
 * A change to a VM. A new size (`cpuCore`, `ramSize`, given together) needs the VM stopped and
 * goes through the cloud; the name and the protections change at once.
 */
export const vmUpdateSchema = z
  .object({
    name: zRequired(isResourceName).optional(),
    cpuCore: cpuCore.optional(),
    ramSize: ramSize.optional(),
    enableAutoRecover: z.boolean().optional(),
    enableTerminationProtection: z.boolean().optional(),
    enableStopProtection: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.cpuCore === undefined) !== (body.ramSize === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.notEmpty',
        path: [body.cpuCore === undefined ? 'cpuCore' : 'ramSize'],
      });
      return;
    }
    ramMatchesCpu(body, ctx);
  });
export type VmUpdate = z.infer<typeof vmUpdateSchema>;

/** Deleting a VM cannot be undone: the login password confirms it; data disks may go with it. */
export const vmDeleteSchema = z.object({
  currentPassword: currentPasswordSchema,
  deleteDataDisks: z.boolean().default(false),
});
export type VmDelete = z.input<typeof vmDeleteSchema>;

export type VmSort = (typeof VM_SORTS)[number];
export const VM_SORTS = ['name', 'status', 'cpuCore', 'ramSize', 'createdAt'] as const;
export const vmListQuerySchema = resourceListQuery(VM_SORTS).extend({
  status: zEnumValue(VmStatus, { coerce: true }).optional(),
  vpcUuid: zUuid().optional(),
  /** `yes`: a snapshot rule protects it; `no`: none does. */
  protected: z.enum(['yes', 'no']).optional(),
  /** `yes`: on an annual contract; `no`: on demand (the annual order's VM picker). */
  annual: z.enum(['yes', 'no']).optional(),
});
export type VmListQuery = z.infer<typeof vmListQuerySchema>;

export const VM_ACTIONS = ['start', 'stop', 'force-stop', 'reboot'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];

/** An OS image a VM is created from (GET /api/templates): the form picks an OS, then a version. */
export const osTemplateSchema = z.object({
  uuid: z.string(),
  osName: z.string(),
  version: z.string(),
  family: z.enum(['linux', 'windows']),
  /** Smallest root volume the image fits on (GB). */
  minDiskGb: z.number().int(),
  /** Windows images carry a licence charged per vCPU-hour (price `vm.image.windows`). */
  licensed: z.boolean(),
});
export type OsTemplate = z.infer<typeof osTemplateSchema>;
