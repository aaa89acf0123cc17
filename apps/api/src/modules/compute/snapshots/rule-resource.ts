import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { snapshotRuleCreateSchema } from '@portal/shared';
import {
  canBindVmToRule,
  DEFAULT_TIME_ZONE,
  nextSnapshotRun,
  SNAPSHOT_DEFAULT_RULE,
  SNAPSHOT_RULE_MAX_VMS,
  SnapshotPolicyCycle,
  type Language,
  type SnapshotRuleAddVms,
  type SnapshotRuleUpdate,
  snapshotRuleContract,
} from '@portal/shared';
import type { z } from 'zod';
import { clients, snapshotRules, vms } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { allowed, fail, fieldsRefused } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { lockParent } from '../../../platform/resources/parent-lock.js';
import { listSnapshotRules, ruleRows } from './rule-repository.js';

async function timeZoneOf(ctx: ResourceContext): Promise<string> {
  const [client] = await ctx.db
    .select({ timeZone: clients.timeZone })
    .from(clients)
    .where(eq(clients.id, ctx.clientId));
  return client?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Put these VMs (the caller's, locked) under the rule; with `replace`, the rule's other VMs leave
 * it. A VM another rule protects is refused (A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE); VMs
 * added to those it has stop at SNAPSHOT_RULE_MAX_VMS, counted under the rule's lock (decision 0025).
 */
async function bindVms(ctx: ResourceContext, ruleId: string, vmUuids: string[], replace: boolean) {
  const ids = [...new Set(vmUuids.map((id) => id.toLowerCase()))];
  if (ids.some((id) => !isUuid(id))) throw fail('VM_NOT_FOUND');
  if (replace) {
    await ctx.db
      .update(vms)
      .set({ snapshotRuleId: null })
      .where(
        ctx.own(
          vms,
          ids.length > 0
            ? and(eq(vms.snapshotRuleId, ruleId), notInArray(vms.id, ids))
            : eq(vms.snapshotRuleId, ruleId),
        ),
      );
  }
  if (ids.length === 0) return;
  const chosen = await ctx.db
    .select({ id: vms.id, snapshotRuleId: vms.snapshotRuleId })
    .from(vms)
    .where(ctx.own(vms, inArray(vms.id, ids)))
    .for('update');
  if (chosen.length !== ids.length) throw fail('VM_NOT_FOUND');
  for (const vm of chosen) allowed(canBindVmToRule({ snapshotRuleUuid: vm.snapshotRuleId }, ruleId));
  await ctx.db
    .update(vms)
    .set({ snapshotRuleId: ruleId })
    .where(ctx.own(vms, inArray(vms.id, ids)));
  if (replace) return;
  const [bound] = await ctx.db
    .select({ n: count() })
    .from(vms)
    .where(ctx.own(vms, eq(vms.snapshotRuleId, ruleId)));
  if ((bound?.n ?? 0) > SNAPSHOT_RULE_MAX_VMS) throw fail('SNAPSHOT_RULE_VMS_LIMIT');
}

/** The default rule's name, in the language of whoever made it (they may rename it later). */
export const DEFAULT_RULE_NAMES: Record<Language, string> = {
  'zh-TW': '每日自動快照',
  en: 'Daily snapshots',
};

/** Snapshot rules (routes snapshotRule, createSnapshotRule, editSnapshotRule/{id}; log code 10012). */
export function snapshotRuleResource(clock: Clock) {
  const weekdayOf = (cycle: number, weekday: number | null | undefined) =>
    cycle === SnapshotPolicyCycle.WEEKLY ? (weekday ?? null) : null;

  async function createRule(ctx: ResourceContext, body: z.output<typeof snapshotRuleCreateSchema>) {
    const weekday = weekdayOf(body.policyCycle, body.weekday);
    const [rule] = await ctx.db
      .insert(snapshotRules)
      .values({
        clientId: ctx.clientId,
        name: body.policyName,
        cycle: body.policyCycle,
        weekday,
        retained: body.retainedQuantity,
        nextRunAt: nextSnapshotRun(clock.now(), body.policyCycle, weekday, await timeZoneOf(ctx)),
        createdAt: clock.now(),
      })
      .returning({ id: snapshotRules.id });
    await bindVms(ctx, rule!.id, body.vmUuids, false);
    return ruleRows.one(ctx, rule!.id);
  }

  async function updateRule(ctx: ResourceContext, id: string, body: SnapshotRuleUpdate) {
    const rule = await ruleRows.forUpdate(ctx, id);
    const cycle = body.policyCycle ?? rule.cycle;
    const weekday = weekdayOf(cycle, body.weekday === undefined ? rule.weekday : body.weekday);
    if (cycle === SnapshotPolicyCycle.WEEKLY && weekday === null)
      throw fieldsRefused('FIELD_MUST_FILL_IN', { weekday: 'validation.notEmpty' });
    const rescheduled = cycle !== rule.cycle || weekday !== rule.weekday;
    await ctx.db
      .update(snapshotRules)
      .set({
        name: body.policyName ?? rule.name,
        cycle,
        weekday,
        retained: body.retainedQuantity ?? rule.retained,
        ...(rescheduled
          ? { nextRunAt: nextSnapshotRun(clock.now(), cycle, weekday, await timeZoneOf(ctx)) }
          : {}),
      })
      .where(ctx.own(snapshotRules, eq(snapshotRules.id, id)));
    if (body.vmUuids !== undefined) await bindVms(ctx, id, body.vmUuids, true);
    return ruleRows.one(ctx, id);
  }

  async function addVms(ctx: ResourceContext, id: string, body: SnapshotRuleAddVms) {
    await ruleRows.forUpdate(ctx, id);
    await bindVms(ctx, id, body.vmUuids, false);
    return ruleRows.one(ctx, id);
  }

  /**
   * One-click protection: these VMs join the tenant's default rule, made now if there is none
   * (SNAPSHOT_DEFAULT_RULE, named in the caller's language), in one transaction: a VM that cannot
   * join leaves no rule behind. Two clicks at once take turns on the tenant's lock (decision 0025),
   * so the second finds the rule the first made; the partial unique index stands behind it.
   */
  async function protectWithDefault(ctx: ResourceContext, body: SnapshotRuleAddVms) {
    await lockParent(ctx.db, 'snapshot-default-rule', ctx.clientId);
    const [found] = await ctx.db
      .select({ id: snapshotRules.id })
      .from(snapshotRules)
      .where(ctx.own(snapshotRules, eq(snapshotRules.isDefault, true)))
      .for('update');
    let id = found?.id;
    if (id === undefined) {
      const { policyCycle, retainedQuantity } = SNAPSHOT_DEFAULT_RULE;
      const [made] = await ctx.db
        .insert(snapshotRules)
        .values({
          clientId: ctx.clientId,
          name: DEFAULT_RULE_NAMES[ctx.lang],
          cycle: policyCycle,
          retained: retainedQuantity,
          nextRunAt: nextSnapshotRun(clock.now(), policyCycle, null, await timeZoneOf(ctx)),
          isDefault: true,
          createdAt: clock.now(),
        })
        .returning({ id: snapshotRules.id });
      id = made!.id;
    }
    await bindVms(ctx, id, body.vmUuids, false);
    return ruleRows.one(ctx, id);
  }

  /** The VMs it protected are left unprotected; the snapshots it took stay, without a rule. */
  async function deleteRule(ctx: ResourceContext, id: string) {
    const rule = await ruleRows.one(ctx, id);
    await ctx.db.delete(snapshotRules).where(ctx.own(snapshotRules, eq(snapshotRules.id, id)));
    return rule;
  }

  return defineResource(snapshotRuleContract, {
    rows: ruleRows,
    list: listSnapshotRules,
    create: {
      summary: 'Create a rule that snapshots its VMs half-daily, daily or weekly and keeps the newest N',
      handler: createRule,
    },
    update: {
      summary: 'Change a rule: name, cycle, weekday, retained quantity, or its whole set of VMs',
      handler: updateRule,
    },
    remove: { summary: 'Delete a rule (its snapshots stay)', handler: deleteRule },
    actions: {
      'add-vms': {
        summary: 'Protect more VMs with the rule (each VM follows one rule)',
        handler: addVms,
      },
    },
    collectionActions: {
      protect: {
        summary:
          'Protect VMs with the default rule (daily at 02:00 local time, keeping 7), made on the first call and reused after',
        handler: protectWithDefault,
      },
    },
  });
}
