import { eq, sql } from 'drizzle-orm';
import type { Balancer, BalancerListQuery, BalancerSort } from '@portal/shared';
import { loadBalancers, loadBalancerTargets, vms, vpcs } from '../../../db/schema/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { operationFields, resourceRepository } from '../../../platform/resources/repository.js';

const SORTS = {
  lbName: loadBalancers.name,
  createdAt: loadBalancers.createdAt,
} satisfies Record<BalancerSort, unknown>;

/** The balancer's targets by name, read with the row (primary key of load_balancer_targets). */
const targets = sql`(select coalesce(json_agg(json_build_object('uuid', m.id::text, 'name', m.name)
  order by m.name, m.id), '[]'::json) from ${loadBalancerTargets} t join ${vms} m on m.id = t.vm_id
  where t.load_balancer_id = ${loadBalancers.id})`;
const targetIds = sql`(select coalesce(array_agg(t.vm_id::text order by m.name, m.id), '{}'::text[])
  from ${loadBalancerTargets} t join ${vms} m on m.id = t.vm_id where t.load_balancer_id = ${loadBalancers.id})`;

/**
 * A balancer as sent, read as sent. `certificate_subject` holds what the certificate says as JSON
 * (`{"subject": "CN=...", "names": [...]}`); the PEM and the sealed key are never selected.
 */
const columns = sentAs({
  uuid: asText(loadBalancers.id),
  lbName: loadBalancers.name,
  lbType: loadBalancers.type,
  lbProtocol: loadBalancers.protocol,
  lbPort: loadBalancers.port,
  lbUrl: loadBalancers.url,
  vpcUuid: asText(loadBalancers.vpcId),
  vpcName: vpcs.name,
  vmUuids: targetIds,
  vms: targets,
  lbHealthCheck: loadBalancers.healthCheck,
  lbXforwardedfor: loadBalancers.xForwardedFor,
  address: loadBalancers.address,
  certificateSubject: sql`(${loadBalancers.certificateSubject}::json->>'subject')`,
  certificateNames: sql`coalesce(${loadBalancers.certificateSubject}::json->'names', '[]'::json)`,
  certificateExpiresAt: isoText(loadBalancers.certificateExpiresAt),
  ...operationFields(loadBalancers),
  createdAt: isoText(loadBalancers.createdAt),
});

const selectBalancers = (ctx: ResourceContext) =>
  ctx.db.select(columns).from(loadBalancers).innerJoin(vpcs, eq(vpcs.id, loadBalancers.vpcId));

export const balancerRows = resourceRepository<Balancer, typeof loadBalancers>({
  table: loadBalancers,
  select: selectBalancers,
  sorts: SORTS,
});

export async function listBalancers(ctx: ResourceContext, query: BalancerListQuery) {
  const filters = [
    query.vpcUuid ? idIs(loadBalancers.vpcId, query.vpcUuid) : undefined,
    query.lbType === undefined ? undefined : eq(loadBalancers.type, query.lbType),
    query.status === undefined ? undefined : eq(loadBalancers.status, query.status),
    searchOf(query.search, [
      loadBalancers.name,
      loadBalancers.url,
      loadBalancers.address,
      asText(loadBalancers.id),
    ]),
  ];
  return balancerRows.page(ctx, query, filters);
}
