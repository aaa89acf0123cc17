import { eq, sql } from 'drizzle-orm';
import { firewallListQuerySchema, firewallSchema, type Firewall } from '@portal/shared';
import { firewalls, vmFirewalls, vpcs } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
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
} from '../../../platform/resources/list-query.js';

/**
 * Firewalls (spec section 3, route group firewall, log code 10014): the VM form's picker and the
 * firewall pages.
 */
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
