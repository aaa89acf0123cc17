import { and, eq, sql } from 'drizzle-orm';
import {
  canAdjustVni,
  vniUpdateRule,
  type Vni,
  type VniListQuery,
  type VniSort,
  type VniUpdate,
  vniContract,
} from '@portal/shared';
import { firewalls, vmFirewalls, vms, vnis, vpcs } from '../../db/schema/index.js';
import type { OperationRow } from '../../db/schema/index.js';
import { allowed, fieldsRefused, notFound } from '../../platform/errors.js';
import { resourceLifecycle } from '../../platform/resources/lifecycle.js';
import { resourceRepository } from '../../platform/resources/repository.js';
import type { OperationHandler, Operations } from '../../platform/operations/operations.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../platform/resources/list-query.js';

/** The firewalls guarding the interface's VM, in their order (primary key of vm_firewalls). */
const guardedBy = sql`(select coalesce(json_agg(json_build_object('fwUuid', f.id::text, 'fwName', f.name)
  order by vf.sort, f.name), '[]'::json) from ${vmFirewalls} vf join ${firewalls} f on f.id = vf.firewall_id
  where vf.vm_id = ${vnis.vmId})`;

const SORTS = { privateIpv4: vnis.privateIpv4, createdAt: vnis.createdAt } satisfies Record<VniSort, unknown>;
/** A VNI as sent, read as sent (list-query's sentAs): the rows are the records. */
const columns = sentAs({
  vniUuid: asText(vnis.id),
  vmUuid: asText(vnis.vmId),
  vmName: vms.name,
  vmStatus: vms.status,
  fwUuid: asText(vnis.firewallId),
  firewalls: guardedBy,
  vpcUuid: asText(vnis.vpcId),
  vpcName: vpcs.name,
  vpcCidrIpv4: vpcs.cidrIpv4,
  cidrIpv4: vnis.cidrIpv4,
  privateIpv4: vnis.privateIpv4,
  publicIp: vnis.publicIp,
  pendingOperation: vnis.pendingOperation,
  createdAt: isoText(vnis.createdAt),
});

const selectVnis = (ctx: ResourceContext) =>
  ctx.db
    .select(columns)
    .from(vnis)
    .leftJoin(vms, eq(vms.id, vnis.vmId))
    .innerJoin(vpcs, eq(vpcs.id, vnis.vpcId));

const vniRows = resourceRepository<Vni, typeof vnis>({
  table: vnis,
  select: selectVnis,
  sorts: SORTS,
});

async function listVnis(ctx: ResourceContext, query: VniListQuery) {
  const filters = [
    query.vmUuid ? idIs(vnis.vmId, query.vmUuid) : undefined,
    query.vpcUuid ? idIs(vnis.vpcId, query.vpcUuid) : undefined,
    searchOf(query.search, [vnis.privateIpv4, vnis.cidrIpv4, asText(vnis.id)]),
  ];
  return vniRows.page(ctx, query, filters);
}

const vniLifecycle = resourceLifecycle({ table: vnis, type: 'vnis', kinds: { adjust: 'vni.adjust' } });

async function adjustVni(ctx: ResourceContext, id: string, body: VniUpdate) {
  const [row] = await ctx.db
    .select({ vni: vnis, vpcCidr: vpcs.cidrIpv4 })
    .from(vnis)
    .innerJoin(vpcs, eq(vpcs.id, vnis.vpcId))
    .where(ctx.own(vnis, eq(vnis.id, id)))
    .for('update', { of: vnis });
  if (!row) throw notFound();
  const vm = row.vni.vmId
    ? ((
        await ctx.db
          .select({ status: vms.status, pendingOperation: vms.pendingOperation })
          .from(vms)
          .where(ctx.own(vms, eq(vms.id, row.vni.vmId)))
          .for('update')
      )[0] ?? null)
    : null;
  allowed(canAdjustVni(row.vni, vm));
  // The address stays when it still fits the new segment; otherwise the caller must give one.
  const privateIpv4 = body.privateIpv4 ?? row.vni.privateIpv4;
  // Answered field by field, like a schema refusal, so the form marks the field.
  const problems = vniUpdateRule({ cidrIpv4: body.cidrIpv4, privateIpv4 }, row.vpcCidr);
  if (Object.keys(problems).length > 0) throw fieldsRefused('IPv4_FORMAT_ERROR', problems);
  await vniLifecycle.begin(
    ctx,
    id,
    'adjust',
    {},
    { cidrIpv4: body.cidrIpv4, privateIpv4, vmId: row.vni.vmId },
  );
  return vniRows.one(ctx, id);
}

export function defineVniOperations(operations: Operations): void {
  const input = (op: OperationRow) =>
    op.input as { cidrIpv4: string; privateIpv4: string; vmId: string | null };
  operations.define(vniLifecycle.kinds.adjust, {
    submit: (driver, ref, op) =>
      driver.updateInterface(ref, input(op).vmId, {
        cidrIpv4: input(op).cidrIpv4,
        privateIpv4: input(op).privateIpv4,
      }),
    async succeeded(tx, op) {
      const { cidrIpv4, privateIpv4, vmId } = input(op);
      const done = await vniLifecycle.settle(tx, op, 'adjust', { cidrIpv4, privateIpv4 });
      if (done.length > 0 && vmId)
        await tx
          .update(vms)
          .set({ privateIp: privateIpv4 })
          .where(and(eq(vms.id, vmId), eq(vms.clientId, op.clientId)));
    },
    failed: async (tx, op) => void (await vniLifecycle.settle(tx, op, 'adjust', {})),
  } satisfies OperationHandler);
}

/** Virtual network interfaces (route vni; log code 10013). */
export const vniResource = defineResource(vniContract, {
  rows: vniRows,
  list: listVnis,
  update: {
    summary: 'Move the interface to another segment of its VPC (its VM stopped)',
    handler: adjustVni,
  },
});
