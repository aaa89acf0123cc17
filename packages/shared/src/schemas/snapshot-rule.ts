import { z } from 'zod';
import { SNAPSHOT_RETAIN_MAX, SNAPSHOT_RETAIN_MIN, SNAPSHOT_RULE_MAX_VMS } from '../constants.js';
import { SnapshotPolicyCycle, Weekday } from '../enums/snapshot.js';
import { isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zUuid } from '../validators/zod.js';
import { resourceListQuery } from './resource.js';

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
