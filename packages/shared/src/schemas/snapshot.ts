import { z } from 'zod';
import { SNAPSHOT_RETAIN_MAX, SNAPSHOT_RETAIN_MIN, SNAPSHOT_RULE_MAX_VMS } from '../constants.js';
import { DiskSpeed } from '../enums/disk.js';
import { SnapshotPolicyCycle, SnapshotStatus, Weekday } from '../enums/snapshot.js';
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

/** A VM a rule protects, by name. */
export const ruleVmSchema = z.object({ uuid: z.string(), name: z.string() });

/** A snapshot rule (spec section 3, "Snapshot policy"): it protects several VMs, each in one rule. */
export const snapshotRuleSchema = z.object({
  uuid: z.string(),
  policyName: z.string(),
  vmUuids: z.array(z.string()),
  vms: z.array(ruleVmSchema),
  policyCycle: zEnumValue(SnapshotPolicyCycle),
  /** 1 Monday to 7 Sunday, for a weekly rule; null otherwise. */
  weekday: zEnumValue(Weekday).nullable(),
  retainedQuantity: z.number().int(),
  /** The tenant's default rule, the one "protect with the default rule" made (and adds to); at most one. */
  isDefault: z.boolean(),
  /** When it runs next, and when it last ran (ISO). */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createDate: z.string(),
});
export type SnapshotRule = z.infer<typeof snapshotRuleSchema>;

const retainedQuantity = z
  .number({ error: 'validation.needBeIntegerInRange' })
  .int('validation.needBeIntegerInRange')
  .superRefine((value, ctx) => {
    if (value < SNAPSHOT_RETAIN_MIN || value > SNAPSHOT_RETAIN_MAX)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.needBeIntegerInRange',
        params: { min: SNAPSHOT_RETAIN_MIN, max: SNAPSHOT_RETAIN_MAX },
      });
  });

const vmUuids = z.array(zUuid()).max(SNAPSHOT_RULE_MAX_VMS, { error: 'validation.needBeIntegerInRange' });

/** A weekly rule names its day; the others have none. */
function weekdayWithCycle(body: { policyCycle?: number; weekday?: number | null }, ctx: z.RefinementCtx) {
  if (
    body.policyCycle === SnapshotPolicyCycle.WEEKLY &&
    (body.weekday === undefined || body.weekday === null)
  )
    ctx.addIssue({ code: 'custom', message: 'validation.notEmpty', path: ['weekday'] });
}

export const snapshotRuleCreateSchema = z
  .object({
    policyName: zRequired(isResourceName),
    policyCycle: zEnumValue(SnapshotPolicyCycle),
    weekday: zEnumValue(Weekday).nullable().optional(),
    retainedQuantity,
    vmUuids: vmUuids.default([]),
  })
  .superRefine(weekdayWithCycle);
export type SnapshotRuleCreate = z.input<typeof snapshotRuleCreateSchema>;

/** A change to a rule; `vmUuids`, when given, is the whole new set of VMs. */
export const snapshotRuleUpdateSchema = z
  .object({
    policyName: zRequired(isResourceName).optional(),
    policyCycle: zEnumValue(SnapshotPolicyCycle).optional(),
    weekday: zEnumValue(Weekday).nullable().optional(),
    retainedQuantity: retainedQuantity.optional(),
    vmUuids: vmUuids.optional(),
  })
  .superRefine(weekdayWithCycle);
export type SnapshotRuleUpdate = z.infer<typeof snapshotRuleUpdateSchema>;

/** VMs to add to a rule (the "protect" of the VM list and dashboard). */
export const snapshotRuleAddVmsSchema = z.object({
  vmUuids: vmUuids.min(1, { error: 'validation.notEmpty' }),
});
export type SnapshotRuleAddVms = z.infer<typeof snapshotRuleAddVmsSchema>;

/**
 * The default rule of one-click protection (POST /snapshot-rules/protect): daily, at the first run
 * hour (02:00 in the customer's time zone), keeping the newest 7 snapshots of each VM. It is
 * named in the caller's language when made; a tenant has at most one, which later clicks reuse.
 */
export const SNAPSHOT_DEFAULT_RULE = {
  policyCycle: SnapshotPolicyCycle.DAILY,
  retainedQuantity: 7,
} as const satisfies { policyCycle: SnapshotPolicyCycle; retainedQuantity: number };

export const SNAPSHOT_RULE_SORTS = ['policyName', 'nextRunAt', 'createDate'] as const;
export type SnapshotRuleSort = (typeof SNAPSHOT_RULE_SORTS)[number];
export const snapshotRuleListQuerySchema = resourceListQuery(SNAPSHOT_RULE_SORTS).extend({
  policyCycle: zEnumValue(SnapshotPolicyCycle, { coerce: true }).optional(),
});
export type SnapshotRuleListQuery = z.infer<typeof snapshotRuleListQuerySchema>;

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
