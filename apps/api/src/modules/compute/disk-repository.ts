import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { diskMonthlyEstimate, type Disk, type DiskListQuery, type DiskSort } from '@portal/shared';
import { disks, vms } from '../../db/schema/index.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../platform/resources/list-query.js';
import { priceInPlace } from '../products/index.js';
import { operationFields, resourceRepository } from '../../platform/resources/repository.js';

const SORTS = {
  diskName: disks.name,
  diskSize: disks.sizeGb,
  status: disks.status,
  createdAt: disks.createdAt,
} satisfies Record<DiskSort, unknown>;

/** A disk as sent, read as sent (list-query's sentAs). */
const columns = sentAs({
  uuid: asText(disks.id),
  diskName: disks.name,
  diskSize: disks.sizeGb,
  diskSpeed: disks.speed,
  ...operationFields(disks),
  targetSpeed: disks.targetSpeed,
  isRoot: disks.isRoot,
  vmUuid: asText(disks.vmId),
  vmName: vms.name,
  vmStatus: vms.status,
  createdAt: isoText(disks.createdAt),
  // The price's inputs, replaced by its estimate (toDisks), as for VMs.
  monthlyPrice: sql<string>`${disks.sizeGb} || ':' || ${disks.speed}`,
});

/** The rows with their monthly estimates in place (the inputs: `size:type`). */
const toDisks = (ctx: ResourceContext, rows: Disk[]) =>
  priceInPlace(ctx.db, rows, (prices, disk) => diskMonthlyEstimate(prices, disk).total);

const selectDisks = (ctx: ResourceContext) =>
  ctx.db.select(columns).from(disks).leftJoin(vms, eq(vms.id, disks.vmId));

export const diskRows = resourceRepository<Disk, typeof disks>({
  table: disks,
  select: selectDisks,
  sorts: SORTS,
  notFound: 'DISK_NOT_FOUND',
  complete: toDisks,
});

export async function listDisks(ctx: ResourceContext, query: DiskListQuery) {
  const filters = [
    query.vmUuid ? idIs(disks.vmId, query.vmUuid) : undefined,
    query.attached === 'yes'
      ? isNotNull(disks.vmId)
      : query.attached === 'no'
        ? isNull(disks.vmId)
        : undefined,
    query.diskSpeed === undefined ? undefined : eq(disks.speed, query.diskSpeed),
    searchOf(query.search, [disks.name, asText(disks.id)]),
  ];
  return diskRows.page(ctx, query, filters);
}

/** How many data disks a VM has (attached or on their way). */
export async function dataDiskCount(ctx: ResourceContext, vmId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(disks)
    .where(ctx.own(disks, and(eq(disks.vmId, vmId), eq(disks.isRoot, false))));
  return row?.n ?? 0;
}

export const vmLockedForDisk = async (ctx: ResourceContext, vmId: string) => {
  const [vm] = await ctx.db
    .select({ id: vms.id, status: vms.status, pendingOperation: vms.pendingOperation })
    .from(vms)
    .where(ctx.own(vms, eq(vms.id, vmId)))
    .for('update');
  return vm ?? null;
};
