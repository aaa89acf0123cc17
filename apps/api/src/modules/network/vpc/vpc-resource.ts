import { and, eq, ne, sql } from 'drizzle-orm';
import type { vpcListQuerySchema } from '@portal/shared';
import {
  canDeleteVpc,
  canEditVpc,
  vpcCidrConflict,
  VpcStatus,
  type Vpc,
  type VpcCreate,
  type VpcUpdate,
  vpcContract,
} from '@portal/shared';
import type { z } from 'zod';
import {
  ccxClusters,
  cloudExchanges,
  firewalls,
  loadBalancers,
  vms,
  vpcs,
} from '../../../db/schema/index.js';
import { allowed, fieldsRefused } from '../../../platform/errors.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { asText, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { networkSpecOf, vpcLifecycle } from './vpc-operations.js';
import { lockParent } from '../../../platform/resources/parent-lock.js';
import { resourceRepository } from '../../../platform/resources/repository.js';

/**
 * VPCs (spec section 3, route group vpc, log code 10019): the VM form's picker and the VPC pages.
 */
const countIn = (
  table: typeof vms | typeof firewalls | typeof loadBalancers | typeof cloudExchanges | typeof ccxClusters,
) => sql<number>`(select count(*)::int from ${table} where ${table.vpcId} = ${vpcs.id})`;

/** A VPC as sent, read as sent (list-query's sentAs): the rows are the records. */
const vpcColumns = sentAs({
  netUuid: asText(vpcs.id),
  netName: vpcs.name,
  status: vpcs.status,
  routeLevel: vpcs.routeLevel,
  chargeMode: vpcs.chargeMode,
  bandwidthLimit: vpcs.bandwidthLimit,
  cidrIpv4: vpcs.cidrIpv4,
  cidrIpv6: vpcs.cidrIpv6,
  vmNum: countIn(vms),
  firewallNum: countIn(firewalls),
  balancerNum: countIn(loadBalancers),
  exchangeNum: countIn(cloudExchanges),
  clusterNum: countIn(ccxClusters),
  pendingOperation: vpcs.pendingOperation,
  statusReason: vpcs.statusReason,
  createdAt: isoText(vpcs.createdAt),
});

const selectVpcs = (ctx: ResourceContext) => ctx.db.select(vpcColumns).from(vpcs);

/**
 * A new VPC: its range must not overlap any other of the tenant's (VPC_ALREADY_EXISTS). Overlap
 * counts, not only the same text: the VM form puts a new VM in the first /24 of its VPC, and
 * VPC-to-VPC routes need distinct address spaces, so 10.0.0.0/16 and 10.0.5.0/24 would put two
 * networks on the same addresses. The ranges are read under the customer's lock (decision 0025),
 * so two creates cannot both pass.
 */
async function createVpc(ctx: ResourceContext, body: VpcCreate) {
  await lockParent(ctx.db, 'vpcs', ctx.clientId);
  const others = await ctx.db.select({ cidrIpv4: vpcs.cidrIpv4 }).from(vpcs).where(ctx.own(vpcs));
  const conflict = vpcCidrConflict(
    body.cidrIpv4,
    others.map((o) => o.cidrIpv4),
  );
  if (conflict !== true) throw fieldsRefused('VPC_ALREADY_EXISTS', { cidrIpv4: conflict });
  const values = {
    name: body.netName,
    status: VpcStatus.PROCESSING,
    routeLevel: body.routeLevel,
    chargeMode: body.chargeMode,
    bandwidthLimit: body.bandwidthLimit,
    cidrIpv4: body.cidrIpv4,
    cidrIpv6: '-1',
  };
  const vpc = await vpcLifecycle.create(ctx, 'create', values, (vpc) => ({ spec: networkSpecOf(vpc) }));
  return vpcRows.one(ctx, vpc.id);
}

/**
 * Name, bandwidth, route level, charge mode. The name is ours and changes at once; the rest is the
 * cloud's: the VPC is busy until it has programmed it, and the row takes the new values then
 * (a refusal leaves the old ones and the cloud's reason).
 */
async function updateVpc(ctx: ResourceContext, id: string, body: VpcUpdate) {
  const row = await vpcRows.forUpdate(ctx, id);
  allowed(canEditVpc(row));
  const wanted = {
    bandwidthLimit: body.bandwidthLimit ?? row.bandwidthLimit,
    routeLevel: body.routeLevel ?? row.routeLevel,
    chargeMode: body.chargeMode ?? row.chargeMode,
  };
  if (body.netName !== undefined && body.netName !== row.name) {
    await ctx.db
      .update(vpcs)
      .set({ name: body.netName })
      .where(ctx.own(vpcs, eq(vpcs.id, id)));
  }
  const changed =
    wanted.bandwidthLimit !== row.bandwidthLimit ||
    wanted.routeLevel !== row.routeLevel ||
    wanted.chargeMode !== row.chargeMode;
  if (changed) {
    await vpcLifecycle.begin(
      ctx,
      id,
      'update',
      { status: VpcStatus.PROCESSING },
      { spec: networkSpecOf({ ...row, ...wanted }) },
    );
  }
  return vpcRows.one(ctx, id);
}

/** Delete: nothing may stand in it (canDeleteVpc); deleting (6) until the cloud confirms. */
async function deleteVpc(ctx: ResourceContext, id: string) {
  const row = await vpcRows.forUpdate(ctx, id);
  allowed(canDeleteVpc(await vpcRows.one(ctx, id)));
  // The tenant's other VPCs' routes to it go with it when the cloud confirms (vpc-operations.ts).
  await vpcLifecycle.begin(ctx, id, 'delete', { status: VpcStatus.DELETING }, { from: row.status });
  return vpcRows.one(ctx, id);
}

export const vpcRows = resourceRepository<Vpc, typeof vpcs>({
  table: vpcs,
  select: selectVpcs,
  sorts: { netName: vpcs.name, createdAt: vpcs.createdAt },
  defaultOrder: { sort: 'createdAt', orderby: 'asc' },
  notFound: 'VPC_NOT_FOUND',
});

async function listVpcs(ctx: ResourceContext, query: z.infer<typeof vpcListQuerySchema>) {
  const filters = [searchOf(query.search, [vpcs.name, vpcs.cidrIpv4])];
  return vpcRows.page(ctx, query, filters);
}

/** The tenant's other VPCs (ids), which a VPC route may point at. */
export async function peerVpcIds(ctx: ResourceContext, id: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ id: vpcs.id })
    .from(vpcs)
    .where(ctx.own(vpcs, and(ne(vpcs.id, id), ne(vpcs.status, VpcStatus.DELETING))));
  return new Set(rows.map((r) => r.id));
}

export const vpcResource = defineResource(vpcContract, {
  rows: vpcRows,
  idOf: (vpc) => vpc.netUuid,
  list: listVpcs,
  create: {
    summary: 'Create a VPC (status 0 until the cloud has made it and given its IPv6 range)',
    handler: createVpc,
  },
  update: {
    summary: 'Change a VPC: name, bandwidth limit, route level, charge mode (the range stays)',
    handler: updateVpc,
  },
  remove: {
    summary: 'Delete a VPC with nothing in it; the login password confirms it',
    handler: deleteVpc,
  },
});
