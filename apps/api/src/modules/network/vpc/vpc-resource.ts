import { eq, sql } from 'drizzle-orm';
import { vpcListQuerySchema, vpcSchema, type Vpc } from '@portal/shared';
import { vms, vpcs } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import {
  asText,
  isoText,
  orderOf,
  ownedIds,
  pageWithTotal,
  readRows,
  searchOf,
  sentAs,
} from '../../../platform/resources/list-query.js';

/**
 * VPCs (spec section 3, route group vpc, log code 10019): the VM form's picker and the VPC pages.
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
