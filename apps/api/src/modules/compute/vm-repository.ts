import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { vmMonthlyEstimate, type Vm, type VmListQuery, type VmSort } from '@portal/shared';
import { disks, osTemplates, vmFirewalls, vms, vnis, vpcs, type VmRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { loadPriceCodes } from './prices.js';
import { asText, idIs, isoText, orderOf, pageWithTotal, readRows, searchOf, sentAs } from './list-query.js';

const SORTS = {
  name: vms.name,
  status: vms.status,
  cpuCore: vms.cpuCore,
  ramSize: vms.ramSize,
  createdAt: vms.createdAt,
} satisfies Record<VmSort, unknown>;

/**
 * One row of the list with what it shows from other tables, in one query: correlated subqueries
 * on indexed columns cost a few index probes per row of the page, never a query per row. Each
 * field is read as it is sent (uuids and times as text), so a row needs no mapping: with 10,000
 * rows ("all"), making Date objects and nested rows was most of the answer's time.
 */
const listFields = {
  uuid: asText(vms.id),
  name: vms.name,
  status: vms.status,
  statusReason: vms.statusReason,
  pendingOperation: vms.pendingOperation,
  templateUUID: asText(vms.templateId),
  templateOSName: sql<string>`${osTemplates.osName} || ' ' || ${osTemplates.version}`,
  cpuCore: vms.cpuCore,
  ramSize: vms.ramSize,
  rootDiskSize: sql<number>`coalesce((select ${disks.sizeGb} from ${disks}
    where ${disks.vmId} = ${vms.id} and ${disks.isRoot} limit 1), 0)`,
  dataDiskCount: sql<number>`(select count(*)::int from ${disks}
    where ${disks.vmId} = ${vms.id} and not ${disks.isRoot})`,
  privateIP: vms.privateIp,
  publicIP: vms.publicIp,
  ipv6: vms.ipv6,
  vpcUuid: asText(vms.vpcId),
  vpcName: vpcs.name,
  vniUuid: sql<string | null>`(select ${vnis.id}::text from ${vnis} where ${vnis.vmId} = ${vms.id}
    order by ${vnis.createdAt} limit 1)`,
  firewallUuids: sql<string[]>`coalesce((select array_agg(${vmFirewalls.firewallId}::text
    order by ${vmFirewalls.sort}) from ${vmFirewalls} where ${vmFirewalls.vmId} = ${vms.id}), '{}')`,
  hypervisorId: vms.hypervisorId,
  enableAutoRecover: vms.enableAutoRecover,
  enableTerminationProtection: vms.enableTerminationProtection,
  enableStopProtection: vms.enableStopProtection,
  isAnnual: vms.isAnnual,
  lastBootTime: isoText(vms.lastBootAt),
  lastShutdownTime: isoText(vms.lastShutdownAt),
  createdAt: isoText(vms.createdAt) as SQL<string>,
  // The price's inputs, read into the field its estimate then takes (toVms), so the row is sent
  // as it was read: copying 10,000 rows to add a field and drop two cost 16 ms and their garbage.
  monthlyPrice: sql<string>`${vms.cpuCore} || ':' || ${vms.ramSize} || ':' || ${osTemplates.licensed}
    || ':' || (${vms.publicIp} is not null or ${vms.autoPublicIp})`,
};
const listColumns = sentAs(listFields);

/** The rows with their monthly estimates in place: one estimate per distinct size and options. */
async function toVms(ctx: ResourceContext, rows: Vm[]): Promise<Vm[]> {
  const prices = await loadPriceCodes(ctx.db);
  const estimates = new Map<string, string>();
  for (const vm of rows) {
    const inputs = vm.monthlyPrice;
    let estimate = estimates.get(inputs);
    if (estimate === undefined) {
      const [, , licensed, publicIp] = inputs.split(':');
      const options = { licensed: licensed === 'true', publicIp: publicIp === 'true' };
      estimate = vmMonthlyEstimate(prices, { cpuCore: vm.cpuCore, ramSize: vm.ramSize, ...options }).total;
      estimates.set(inputs, estimate);
    }
    vm.monthlyPrice = estimate;
  }
  return rows;
}

const selectVms = (ctx: ResourceContext) =>
  ctx.db
    .select(listColumns)
    .from(vms)
    .innerJoin(osTemplates, eq(osTemplates.id, vms.templateId))
    .innerJoin(vpcs, eq(vpcs.id, vms.vpcId));

/**
 * The same rows for the "all" page size: with every VM asked for, one grouped pass over each
 * related table joined by VM costs less than a few index probes per VM (58 against 134 ms for
 * 10,000 VMs on PostgreSQL).
 */
function selectAllVms(ctx: ResourceContext) {
  const firewallsOf = ctx.db
    .select({
      vmId: vmFirewalls.vmId,
      ids: sql<string[]>`array_agg(${vmFirewalls.firewallId}::text order by ${vmFirewalls.sort})`.as('ids'),
    })
    .from(vmFirewalls)
    .where(eq(vmFirewalls.clientId, ctx.clientId))
    .groupBy(vmFirewalls.vmId)
    .as('vm_firewall_ids');
  const disksOf = ctx.db
    .select({
      vmId: disks.vmId,
      root: sql<number | null>`max(${disks.sizeGb}) filter (where ${disks.isRoot})`.as('root'),
      data: sql<number>`count(*) filter (where not ${disks.isRoot})`.as('data'),
    })
    .from(disks)
    .where(and(eq(disks.clientId, ctx.clientId), isNotNull(disks.vmId)))
    .groupBy(disks.vmId)
    .as('vm_disk_sizes');
  const interfacesOf = ctx.db
    .selectDistinctOn([vnis.vmId], { vmId: vnis.vmId, id: sql<string>`${vnis.id}::text`.as('vni_id') })
    .from(vnis)
    .where(and(eq(vnis.clientId, ctx.clientId), isNotNull(vnis.vmId)))
    .orderBy(vnis.vmId, vnis.createdAt)
    .as('vm_first_vni');
  return ctx.db
    .select(
      sentAs({
        ...listFields,
        firewallUuids: sql`coalesce(${firewallsOf.ids}, '{}')`,
        rootDiskSize: sql`coalesce(${disksOf.root}, 0)`,
        dataDiskCount: sql`coalesce(${disksOf.data}, 0)::int`,
        vniUuid: interfacesOf.id,
      }),
    )
    .from(vms)
    .innerJoin(osTemplates, eq(osTemplates.id, vms.templateId))
    .innerJoin(vpcs, eq(vpcs.id, vms.vpcId))
    .leftJoin(firewallsOf, eq(firewallsOf.vmId, vms.id))
    .leftJoin(disksOf, eq(disksOf.vmId, vms.id))
    .leftJoin(interfacesOf, eq(interfacesOf.vmId, vms.id));
}

export async function listVms(ctx: ResourceContext, query: VmListQuery) {
  const filters = [
    query.status === undefined ? undefined : eq(vms.status, query.status),
    query.vpcUuid ? idIs(vms.vpcId, query.vpcUuid) : undefined,
    searchOf(query.search, [vms.name, vms.privateIp as never, vms.publicIp as never, asText(vms.id)]),
  ];
  const order = orderOf(SORTS, vms.id, query, { sort: 'createdAt', orderby: 'desc' });
  const select = query.limit === 0 ? selectAllVms(ctx).$dynamic() : selectVms(ctx).$dynamic();
  const { rows, total } = await pageWithTotal<Vm>(ctx, select, vms, filters, order, query);
  return { records: await toVms(ctx, rows), total };
}

export async function getVm(ctx: ResourceContext, id: string): Promise<Vm> {
  const rows = await readRows<Vm>(ctx, selectVms(ctx).where(ctx.own(vms, eq(vms.id, id))));
  const [vm] = await toVms(ctx, rows);
  if (!vm) throw notFound();
  return vm;
}

/** The row itself, locked for the change in this transaction; 404 when it is not the caller's. */
export async function vmForUpdate(ctx: ResourceContext, id: string): Promise<VmRow> {
  const [row] = await ctx.db
    .select()
    .from(vms)
    .where(ctx.own(vms, eq(vms.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}
