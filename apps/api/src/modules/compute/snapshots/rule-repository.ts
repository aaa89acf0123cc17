import { eq, sql } from 'drizzle-orm';
import type { SnapshotRule, SnapshotRuleListQuery, SnapshotRuleSort } from '@portal/shared';
import { snapshotRules, vms } from '../../../db/schema/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { resourceRepository } from '../../../platform/resources/repository.js';

const SORTS = {
  policyName: snapshotRules.name,
  nextRunAt: snapshotRules.nextRunAt,
  createDate: snapshotRules.createdAt,
} satisfies Record<SnapshotRuleSort, unknown>;

/** The rule's VMs by name, read with the row (index vms_snapshot_rule_idx), never per row. */
const members = sql`(select coalesce(json_agg(json_build_object('uuid', m.id::text, 'name', m.name)
  order by m.name, m.id), '[]'::json) from ${vms} m where m.snapshot_rule_id = ${snapshotRules.id})`;
const memberIds = sql`(select coalesce(array_agg(m.id::text order by m.name, m.id), '{}'::text[])
  from ${vms} m where m.snapshot_rule_id = ${snapshotRules.id})`;

const columns = sentAs({
  uuid: asText(snapshotRules.id),
  policyName: snapshotRules.name,
  vmUuids: memberIds,
  vms: members,
  policyCycle: snapshotRules.cycle,
  weekday: snapshotRules.weekday,
  retainedQuantity: snapshotRules.retained,
  isDefault: snapshotRules.isDefault,
  nextRunAt: isoText(snapshotRules.nextRunAt),
  lastRunAt: isoText(snapshotRules.lastRunAt),
  createDate: isoText(snapshotRules.createdAt),
});

const selectRules = (ctx: ResourceContext) => ctx.db.select(columns).from(snapshotRules);

export const ruleRows = resourceRepository<SnapshotRule, typeof snapshotRules>({
  table: snapshotRules,
  select: selectRules,
  sorts: SORTS,
});

export async function listSnapshotRules(ctx: ResourceContext, query: SnapshotRuleListQuery) {
  const filters = [
    query.policyCycle === undefined ? undefined : eq(snapshotRules.cycle, query.policyCycle),
    searchOf(query.search, [snapshotRules.name, asText(snapshotRules.id)]),
  ];
  return ruleRows.page(ctx, query, filters);
}
