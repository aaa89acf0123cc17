import { eq, sql } from 'drizzle-orm';
import type { Snapshot, SnapshotListQuery, SnapshotSort } from '@portal/shared';
import { osTemplates, snapshotRules, snapshots, vms } from '../../../db/schema/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { operationFields, resourceRepository } from '../../../platform/resources/repository.js';

const SORTS = {
  name: snapshots.name,
  status: snapshots.status,
  snapshotSizes: snapshots.sizeGb,
  createDate: snapshots.createdAt,
} satisfies Record<SnapshotSort, unknown>;

/** A snapshot as sent, read as sent (list-query's sentAs). */
const columns = sentAs({
  uuid: asText(snapshots.id),
  name: snapshots.name,
  snapshotSizes: snapshots.sizeGb,
  vmUuid: asText(snapshots.vmId),
  vmName: snapshots.vmName,
  vmStatus: vms.status,
  diskQty: snapshots.diskQty,
  policyUuid: asText(snapshots.policyId),
  policyName: snapshotRules.name,
  ...operationFields(snapshots),
  templateUUID: asText(snapshots.templateId),
  templateOSName: sql<string>`${osTemplates.osName} || ' ' || ${osTemplates.version}`,
  cpuCore: snapshots.cpuCore,
  ramSize: snapshots.ramSize,
  disks: snapshots.disks,
  createDate: isoText(snapshots.createdAt),
});

const selectSnapshots = (ctx: ResourceContext) =>
  ctx.db
    .select(columns)
    .from(snapshots)
    .innerJoin(osTemplates, eq(osTemplates.id, snapshots.templateId))
    .leftJoin(vms, eq(vms.id, snapshots.vmId))
    .leftJoin(snapshotRules, eq(snapshotRules.id, snapshots.policyId));

export const snapshotRows = resourceRepository<Snapshot, typeof snapshots>({
  table: snapshots,
  select: selectSnapshots,
  sorts: SORTS,
});

export async function listSnapshots(ctx: ResourceContext, query: SnapshotListQuery) {
  const filters = [
    query.vmUuid ? idIs(snapshots.vmId, query.vmUuid) : undefined,
    query.policyUuid ? idIs(snapshots.policyId, query.policyUuid) : undefined,
    query.status === undefined ? undefined : eq(snapshots.status, query.status),
    searchOf(query.search, [snapshots.name, snapshots.vmName, asText(snapshots.id)]),
  ];
  return snapshotRows.page(ctx, query, filters);
}
