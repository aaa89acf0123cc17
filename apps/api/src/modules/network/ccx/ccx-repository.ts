import { eq, type SQL, sql } from 'drizzle-orm';
import { clusterMonthlyEstimate, type CcxCluster, type CcxClusterListQuery } from '@portal/shared';
import { ccxClusters, vpcs } from '../../../db/schema/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { asText, idIs, isoText, searchOf, sentAs } from '../../../platform/resources/list-query.js';
import { priceInPlace } from '../../products/index.js';
import { operationFields, resourceRepository } from '../../../platform/resources/repository.js';

/** A cluster as sent, read as sent; `monthlyPrice` holds the price's inputs until priced. */
const clusterColumns = sentAs({
  uuid: asText(ccxClusters.id),
  name: ccxClusters.name,
  engine: ccxClusters.engine,
  version: ccxClusters.version,
  nodeCount: ccxClusters.nodeCount,
  targetNodeCount: ccxClusters.targetNodeCount,
  nodeSize: ccxClusters.nodeSize,
  vpcUuid: asText(ccxClusters.vpcId),
  vpcName: vpcs.name,
  endpoint: ccxClusters.endpoint,
  ...operationFields(ccxClusters),
  monthlyPrice: sql<string>`${ccxClusters.engine} || ':' || ${ccxClusters.nodeSize} || ':' || ${ccxClusters.nodeCount}`,
  createdAt: isoText(ccxClusters.createdAt) as SQL<string>,
});

/** The rows with their monthly estimates (at the node count they have now) in place. */
const priced = (ctx: ResourceContext, rows: CcxCluster[]) =>
  priceInPlace(ctx.db, rows, (prices, c) => clusterMonthlyEstimate(prices, c).total);

const selectClusters = (ctx: ResourceContext) =>
  ctx.db.select(clusterColumns).from(ccxClusters).innerJoin(vpcs, eq(vpcs.id, ccxClusters.vpcId));

export const clusterRows = resourceRepository<CcxCluster, typeof ccxClusters>({
  table: ccxClusters,
  select: selectClusters,
  sorts: { name: ccxClusters.name, createdAt: ccxClusters.createdAt },
  complete: priced,
});

export async function listClusters(ctx: ResourceContext, query: CcxClusterListQuery) {
  const filters = [
    query.engine === undefined ? undefined : eq(ccxClusters.engine, query.engine),
    query.status === undefined ? undefined : eq(ccxClusters.status, query.status),
    query.vpcUuid ? idIs(ccxClusters.vpcId, query.vpcUuid) : undefined,
    searchOf(query.search, [ccxClusters.name, ccxClusters.endpoint as never, asText(ccxClusters.id)]),
  ];
  return clusterRows.page(ctx, query, filters);
}
