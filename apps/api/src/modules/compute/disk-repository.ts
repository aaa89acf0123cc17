import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { diskMonthlyEstimate, type Disk, type DiskListQuery, type DiskSort } from '@portal/shared';
import { disks, vms, type DiskRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { asText, idIs, orderOf, pageWithTotal, searchOf } from './list-query.js';
import { loadPriceCodes } from './prices.js';

const SORTS = {
  diskName: disks.name,
  diskSize: disks.sizeGb,
  status: disks.status,
  createdAt: disks.createdAt,
} satisfies Record<DiskSort, unknown>;

const columns = { disk: disks, vmName: vms.name, vmStatus: vms.status };
type Row = { disk: DiskRow; vmName: string | null; vmStatus: number | null };

async function toDisks(ctx: ResourceContext, rows: Row[]): Promise<Disk[]> {
  const prices = await loadPriceCodes(ctx.db);
  return rows.map(({ disk, vmName, vmStatus }) => ({
    uuid: disk.id,
    diskName: disk.name,
    diskSize: disk.sizeGb,
    diskSpeed: disk.speed as Disk['diskSpeed'],
    status: disk.status as Disk['status'],
    statusReason: disk.statusReason,
    pendingOperation: disk.pendingOperation,
    targetSpeed: disk.targetSpeed as Disk['targetSpeed'],
    isRoot: disk.isRoot,
    vmUuid: disk.vmId,
    vmName,
    vmStatus: vmStatus as Disk['vmStatus'],
    createdAt: disk.createdAt.toISOString(),
    monthlyPrice: diskMonthlyEstimate(prices, { diskSize: disk.sizeGb, diskSpeed: disk.speed }).total,
  }));
}

const selectDisks = (ctx: ResourceContext) =>
  ctx.db.select(columns).from(disks).leftJoin(vms, eq(vms.id, disks.vmId));

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
  const order = orderOf(SORTS, disks.id, query, { sort: 'createdAt', orderby: 'desc' });
  const { rows, total } = await pageWithTotal(ctx, selectDisks(ctx).$dynamic(), disks, filters, order, query);
  return { records: await toDisks(ctx, rows as Row[]), total };
}

export async function getDisk(ctx: ResourceContext, id: string): Promise<Disk> {
  const [disk] = await toDisks(ctx, await selectDisks(ctx).where(ctx.own(disks, eq(disks.id, id))));
  if (!disk) throw notFound();
  return disk;
}

export async function diskForUpdate(ctx: ResourceContext, id: string): Promise<DiskRow> {
  const [row] = await ctx.db
    .select()
    .from(disks)
    .where(ctx.own(disks, eq(disks.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
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
