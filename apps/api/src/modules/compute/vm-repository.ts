import { eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  vmAnnualMonthlyEstimate,
  vmMonthlyEstimate,
  type Vm,
  type VmListQuery,
  type VmSort,
} from '@portal/shared';
import { osTemplates, vms, vpcs } from '../../db/schema/index.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { priceInPlace } from '../products/index.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../platform/resources/list-query.js';
import { operationFields, resourceRepository } from '../../platform/resources/repository.js';

const SORTS = {
  name: vms.name,
  status: vms.status,
  cpuCore: vms.cpuCore,
  ramSize: vms.ramSize,
  createdAt: vms.createdAt,
} satisfies Record<VmSort, unknown>;

/**
 * One row of the list, from the VM's own row (which keeps a summary of its disks, interfaces and
 * firewalls, migration 0014) and its image and VPC. Each field is read as it is sent (uuids and
 * times as text), so a row needs no mapping: with 10,000 rows ("all"), making Date objects and
 * nested rows was most of the answer's time.
 */
const listColumns = sentAs({
  uuid: asText(vms.id),
  name: vms.name,
  ...operationFields(vms),
  templateUUID: asText(vms.templateId),
  templateOSName: sql<string>`${osTemplates.osName} || ' ' || ${osTemplates.version}`,
  cpuCore: vms.cpuCore,
  ramSize: vms.ramSize,
  rootDiskSize: vms.rootDiskGb,
  dataDiskCount: vms.dataDiskCount,
  privateIP: vms.privateIp,
  publicIP: vms.publicIp,
  ipv6: vms.ipv6,
  vpcUuid: asText(vms.vpcId),
  vpcName: vpcs.name,
  vniUuid: asText(vms.firstVniId),
  firewallUuids: sql<string[]>`${vms.firewallIds}::text[]`,
  hypervisorId: vms.hypervisorId,
  enableAutoRecover: vms.enableAutoRecover,
  enableTerminationProtection: vms.enableTerminationProtection,
  enableStopProtection: vms.enableStopProtection,
  isAnnual: vms.isAnnual,
  lastBootTime: isoText(vms.lastBootAt),
  lastShutdownTime: isoText(vms.lastShutdownAt),
  snapshotRuleUuid: asText(vms.snapshotRuleId),
  createdAt: isoText(vms.createdAt) as SQL<string>,
  // The price's inputs, read into the field its estimate then takes (toVms), so the row is sent
  // as it was read: copying 10,000 rows to add a field and drop two cost 16 ms and their garbage.
  monthlyPrice: sql<string>`${vms.cpuCore} || ':' || ${vms.ramSize} || ':' || ${osTemplates.licensed}
    || ':' || (${vms.publicIp} is not null or ${vms.autoPublicIp}) || ':' || ${vms.isAnnual}`,
});

/**
 * The rows with their monthly estimates in place (the inputs: `cpu:ram:licensed:publicIp:annual`);
 * a VM on an annual contract at the annual prices of its vCPU and memory.
 */
const toVms = (ctx: ResourceContext, rows: Vm[]) =>
  priceInPlace(ctx.db, rows, (prices, vm, inputs) => {
    const [, , licensed, publicIp, annual] = inputs.split(':');
    const sizing = {
      cpuCore: vm.cpuCore,
      ramSize: vm.ramSize,
      licensed: licensed === 'true',
      publicIp: publicIp === 'true',
    };
    return (annual === 'true' ? vmAnnualMonthlyEstimate : vmMonthlyEstimate)(prices, sizing).total;
  });

const selectVms = (ctx: ResourceContext) =>
  ctx.db
    .select(listColumns)
    .from(vms)
    .innerJoin(osTemplates, eq(osTemplates.id, vms.templateId))
    .innerJoin(vpcs, eq(vpcs.id, vms.vpcId));

export const vmRows = resourceRepository<Vm, typeof vms>({
  table: vms,
  select: selectVms,
  sorts: SORTS,
  notFound: 'VM_NOT_FOUND',
  complete: toVms,
});

export async function listVms(ctx: ResourceContext, query: VmListQuery) {
  const filters = [
    query.status === undefined ? undefined : eq(vms.status, query.status),
    query.vpcUuid ? idIs(vms.vpcId, query.vpcUuid) : undefined,
    query.protected === 'yes'
      ? isNotNull(vms.snapshotRuleId)
      : query.protected === 'no'
        ? isNull(vms.snapshotRuleId)
        : undefined,
    query.annual === undefined ? undefined : eq(vms.isAnnual, query.annual === 'yes'),
    searchOf(query.search, [vms.name, vms.privateIp as never, vms.publicIp as never, asText(vms.id)]),
  ];
  return vmRows.page(ctx, query, filters);
}
