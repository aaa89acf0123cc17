import { eq } from 'drizzle-orm';
import type { CloudExchange, CloudExchangeListQuery } from '@portal/shared';
import { clients, cloudExchanges, vpcs } from '../../../db/schema/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { operationFields, resourceRepository } from '../../../platform/resources/repository.js';

/** A connection as sent, read as sent (list-query's sentAs): the rows are the records. */
const columns = sentAs({
  uuid: asText(cloudExchanges.id),
  clientNumber: clients.clientNumber,
  ccxType: cloudExchanges.provider,
  pairKey: cloudExchanges.pairKey,
  vpcUuid: asText(cloudExchanges.vpcId),
  vpcName: vpcs.name,
  ...operationFields(cloudExchanges),
  createDate: isoText(cloudExchanges.createdAt),
});

const selectExchanges = (ctx: ResourceContext) =>
  ctx.db
    .select(columns)
    .from(cloudExchanges)
    .innerJoin(vpcs, eq(vpcs.id, cloudExchanges.vpcId))
    .innerJoin(clients, eq(clients.id, cloudExchanges.clientId));

export const exchangeRows = resourceRepository<CloudExchange, typeof cloudExchanges>({
  table: cloudExchanges,
  select: selectExchanges,
  sorts: { createDate: cloudExchanges.createdAt },
});

export async function listExchanges(ctx: ResourceContext, query: CloudExchangeListQuery) {
  const filters = [
    query.ccxType === undefined ? undefined : eq(cloudExchanges.provider, query.ccxType),
    query.status === undefined ? undefined : eq(cloudExchanges.status, query.status),
    // The count is read from the table alone, so the search stays on its own columns.
    searchOf(query.search, [cloudExchanges.pairKey]),
  ];
  return exchangeRows.page(ctx, query, filters);
}
