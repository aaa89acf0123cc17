import { and, asc, eq, sql } from 'drizzle-orm';
import type { Firewall, FirewallListQuery, FirewallRule, FirewallSort } from '@portal/shared';
import { firewallRules, firewalls, operations, vmFirewalls, vpcs } from '../../../db/schema/index.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, idIs, isoText, readRows, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { operationFields, resourceRepository } from '../../../platform/resources/repository.js';
import { firewallLifecycle } from './firewall-operations.js';

const SORTS = { name: firewalls.name, createdAt: firewalls.createdAt } satisfies Record<
  FirewallSort,
  unknown
>;

/** A firewall as sent, read as sent; its VM count from vm_firewalls (index vm_firewalls_firewall_idx). */
const columns = sentAs({
  firewallUuid: asText(firewalls.id),
  name: firewalls.name,
  ...operationFields(firewalls),
  vpcUuid: asText(firewalls.vpcId),
  vpcName: vpcs.name,
  ruleCount: firewalls.ruleCount,
  vmCount: sql`(select count(*)::int from ${vmFirewalls} where ${vmFirewalls.firewallId} = ${firewalls.id})`,
  createdAt: isoText(firewalls.createdAt),
});

const selectFirewalls = (ctx: ResourceContext) =>
  ctx.db.select(columns).from(firewalls).innerJoin(vpcs, eq(vpcs.id, firewalls.vpcId));

export const firewallRows = resourceRepository<Firewall, typeof firewalls>({
  table: firewalls,
  select: selectFirewalls,
  sorts: SORTS,
  defaultOrder: { sort: 'createdAt', orderby: 'asc' },
  notFound: 'FIREWALL_NOT_FOUND',
});

export async function listFirewalls(ctx: ResourceContext, query: FirewallListQuery) {
  const inVm = (vmUuid: string) =>
    isUuid(vmUuid)
      ? sql`exists (select 1 from ${vmFirewalls} where ${vmFirewalls.firewallId} = ${firewalls.id}
          and ${vmFirewalls.vmId} = ${vmUuid.toLowerCase()})`
      : sql`false`;
  const filters = [
    query.vpcUuid ? idIs(firewalls.vpcId, query.vpcUuid) : undefined,
    query.vmUuid ? inVm(query.vmUuid) : undefined,
    query.status === undefined ? undefined : eq(firewalls.status, query.status),
    searchOf(query.search, [firewalls.name, asText(firewalls.id)]),
  ];
  return firewallRows.page(ctx, query, filters);
}

const ruleColumns = sentAs({
  fwRuleUuid: asText(firewallRules.id),
  fwrDirection: firewallRules.direction,
  fwrIpVer: firewallRules.ipVersion,
  fwrType: firewallRules.protocol,
  fwrPort: firewallRules.port,
  cidrDest: firewallRules.cidr,
  fwrOperate: firewallRules.operate,
  remark: firewallRules.remark,
});

/** The firewall's rules in its order (the caller's firewall; another's is a 404). */
export async function listFirewallRules(ctx: ResourceContext, id: string): Promise<FirewallRule[]> {
  await firewallRows.one(ctx, id);
  return readRows<FirewallRule>(
    ctx,
    ctx.db
      .select(ruleColumns)
      .from(firewallRules)
      .where(ctx.own(firewallRules, eq(firewallRules.firewallId, id)))
      .orderBy(asc(firewallRules.position), asc(firewallRules.id)),
  );
}

/** How many VMs are in the firewall (read under the firewall's lock). */
export async function vmCountOf(ctx: ResourceContext, id: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(vmFirewalls)
    .where(ctx.own(vmFirewalls, eq(vmFirewalls.firewallId, id)));
  return row?.n ?? 0;
}

/**
 * How many firewalls the VM is joining while the cloud works: attaches answered at once, whose
 * link is made when the cloud has done them. Read under the VM's lock, which every attach to it
 * takes, so each counts the ones before it (decision 0025).
 */
export async function firewallsJoining(ctx: ResourceContext, vmId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(firewalls)
    .where(
      ctx.own(
        firewalls,
        and(
          eq(firewalls.pendingOperation, 'attach'),
          sql`exists (select 1 from ${operations} o
            where o.client_id = ${firewalls.clientId} and o.resource_type = 'firewalls'
              and o.resource_id = ${firewalls.id} and o.kind = ${firewallLifecycle.kinds.attach}
              and o.state in ('queued', 'running') and o.input->>'vmId' = ${vmId})`,
        ),
      ),
    );
  return row?.n ?? 0;
}
