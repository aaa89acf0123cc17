import { eq, sql } from 'drizzle-orm';
import {
  firewallListQuerySchema,
  firewallSchema,
  vpcListQuerySchema,
  vpcSchema,
  type Firewall,
  type Vpc,
} from '@portal/shared';
import { firewalls, vmFirewalls, vms, vpcs, type FirewallRow, type VpcRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { idIs, orderOf, ownedIds, pageWithTotal, searchOf } from './list-query.js';

/**
 * VPCs and firewalls as the compute pages need them: lists for the VM form's pickers and names
 * for the VM's pages. Creating and changing them comes with the private-networks pages, which
 * add their changes to these declarations.
 */
const vpcColumns = {
  vpc: vpcs,
  vmNum: sql<number>`(select count(*)::int from ${vms} where ${vms.vpcId} = ${vpcs.id})`,
};
const toVpc = ({ vpc, vmNum }: { vpc: VpcRow; vmNum: number }): Vpc => ({
  netUuid: vpc.id,
  netName: vpc.name,
  status: vpc.status as Vpc['status'],
  routeLevel: vpc.routeLevel as Vpc['routeLevel'],
  chargeMode: vpc.chargeMode as Vpc['chargeMode'],
  bandwidthLimit: vpc.bandwidthLimit,
  cidrIpv4: vpc.cidrIpv4,
  cidrIpv6: vpc.cidrIpv6,
  vmNum: Number(vmNum),
  createdAt: vpc.createdAt.toISOString(),
});

export const vpcResource = defineResource({
  type: 'vpcs',
  name: 'vpc',
  authority: { view: 'network/vpc', manage: 'network/vpc/manage' },
  entity: vpcSchema,
  listQuery: vpcListQuerySchema,
  async list(ctx, query) {
    const filters = [searchOf(query.search, [vpcs.name, vpcs.cidrIpv4])];
    const order = orderOf({ netName: vpcs.name, createdAt: vpcs.createdAt }, vpcs.id, query, {
      sort: 'createdAt',
      orderby: 'asc',
    });
    const select = ctx.db.select(vpcColumns).from(vpcs).$dynamic();
    const { rows, total } = await pageWithTotal(ctx, select, vpcs, filters, order, query);
    return { records: (rows as { vpc: VpcRow; vmNum: number }[]).map(toVpc), total };
  },
  async get(ctx, id) {
    const [row] = await ctx.db
      .select(vpcColumns)
      .from(vpcs)
      .where(ctx.own(vpcs, eq(vpcs.id, id)));
    if (!row) throw notFound();
    return toVpc(row);
  },
  owned: (ctx, ids) => ownedIds(ctx, vpcs, ids),
});

const firewallColumns = {
  firewall: firewalls,
  vpcName: vpcs.name,
  vmCount: sql<number>`(select count(*)::int from ${vmFirewalls} where ${vmFirewalls.firewallId} = ${firewalls.id})`,
};
const toFirewall = (r: { firewall: FirewallRow; vpcName: string; vmCount: number }): Firewall => ({
  firewallUuid: r.firewall.id,
  name: r.firewall.name,
  status: r.firewall.status as Firewall['status'],
  vpcUuid: r.firewall.vpcId,
  vpcName: r.vpcName,
  ruleCount: r.firewall.ruleCount,
  vmCount: Number(r.vmCount),
  createdAt: r.firewall.createdAt.toISOString(),
});
const selectFirewalls = (ctx: ResourceContext) =>
  ctx.db.select(firewallColumns).from(firewalls).innerJoin(vpcs, eq(vpcs.id, firewalls.vpcId));

export const firewallResource = defineResource({
  type: 'firewalls',
  name: 'firewall',
  authority: { view: 'network/firewall', manage: 'network/firewall/manage' },
  entity: firewallSchema,
  listQuery: firewallListQuerySchema,
  async list(ctx, query) {
    const filters = [
      query.vpcUuid ? idIs(firewalls.vpcId, query.vpcUuid) : undefined,
      searchOf(query.search, [firewalls.name]),
    ];
    const order = orderOf({ name: firewalls.name, createdAt: firewalls.createdAt }, firewalls.id, query, {
      sort: 'createdAt',
      orderby: 'asc',
    });
    const { rows, total } = await pageWithTotal(
      ctx,
      selectFirewalls(ctx).$dynamic(),
      firewalls,
      filters,
      order,
      query,
    );
    return { records: (rows as Parameters<typeof toFirewall>[0][]).map(toFirewall), total };
  },
  async get(ctx, id) {
    const [row] = await selectFirewalls(ctx).where(ctx.own(firewalls, eq(firewalls.id, id)));
    if (!row) throw notFound();
    return toFirewall(row);
  },
  owned: (ctx, ids) => ownedIds(ctx, firewalls, ids),
});
