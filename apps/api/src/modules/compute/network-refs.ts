import { eq, sql } from 'drizzle-orm';
import {
  firewallListQuerySchema,
  firewallSchema,
  vpcListQuerySchema,
  vpcSchema,
  type Firewall,
  type Vpc,
} from '@portal/shared';
import { firewalls, vmFirewalls, vms, vpcs } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import {
  asText,
  idIs,
  isoText,
  orderOf,
  ownedIds,
  pageWithTotal,
  readRows,
  searchOf,
  sentAs,
} from './list-query.js';

/**
 * VPCs and firewalls as the compute pages need them: lists for the VM form's pickers and names
 * for the VM's pages. Creating and changing them comes with the private-networks pages, which
 * add their changes to these declarations.
 */
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
  vmNum: sql`(select count(*)::int from ${vms} where ${vms.vpcId} = ${vpcs.id})`,
  createdAt: isoText(vpcs.createdAt),
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
    const { rows: records, total } = await pageWithTotal<Vpc>(ctx, select, vpcs, filters, order, query);
    return { records, total };
  },
  async get(ctx, id) {
    const select = ctx.db
      .select(vpcColumns)
      .from(vpcs)
      .where(ctx.own(vpcs, eq(vpcs.id, id)));
    const [vpc] = await readRows<Vpc>(ctx, select);
    if (!vpc) throw notFound();
    return vpc;
  },
  owned: (ctx, ids) => ownedIds(ctx, vpcs, ids),
});

/** A firewall as sent, read as sent. */
const firewallColumns = sentAs({
  firewallUuid: asText(firewalls.id),
  name: firewalls.name,
  status: firewalls.status,
  vpcUuid: asText(firewalls.vpcId),
  vpcName: vpcs.name,
  ruleCount: firewalls.ruleCount,
  vmCount: sql`(select count(*)::int from ${vmFirewalls} where ${vmFirewalls.firewallId} = ${firewalls.id})`,
  createdAt: isoText(firewalls.createdAt),
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
    const { rows: records, total } = await pageWithTotal<Firewall>(
      ctx,
      selectFirewalls(ctx).$dynamic(),
      firewalls,
      filters,
      order,
      query,
    );
    return { records, total };
  },
  async get(ctx, id) {
    const select = selectFirewalls(ctx).where(ctx.own(firewalls, eq(firewalls.id, id)));
    const [firewall] = await readRows<Firewall>(ctx, select);
    if (!firewall) throw notFound();
    return firewall;
  },
  owned: (ctx, ids) => ownedIds(ctx, firewalls, ids),
});
