import { eq } from 'drizzle-orm';
import {
  canDeleteCluster,
  canScaleCluster,
  ccxScaleProblem,
  CcxClusterStatus,
  VpcStatus,
  type CcxClusterCreate,
  type CcxClusterScale,
  ccxClusterContract,
} from '@portal/shared';
import type { ClusterSpec } from '../../../cloud/driver.js';
import { vpcs } from '../../../db/schema/index.js';
import { allowed, fail, fieldsRefused } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { rowChange } from '../../../platform/resources/row-change.js';
import { ccxLifecycle } from './ccx-operations.js';
import { clusterRows, listClusters } from './ccx-repository.js';

/**
 * CCX clusters (spec section 2, routes ccxList and createCCX, log code 10020): managed database
 * and Kubernetes clusters in a VPC of the tenant. The catalogue (engines, versions, node counts
 * and sizes) is packages/shared/src/schemas/ccx.ts; the rules rules/ccx.ts; the price
 * pricing/estimate.ts (clusterMonthlyEstimate).
 */
async function createCluster(ctx: ResourceContext, body: CcxClusterCreate) {
  const vpcId = body.vpcUuid.toLowerCase();
  if (!isUuid(vpcId)) throw fail('VPC_NOT_FOUND');
  // Shared lock: the VPC cannot start being deleted while a cluster is put in it.
  const [vpc] = await ctx.db
    .select({ id: vpcs.id, status: vpcs.status })
    .from(vpcs)
    .where(ctx.own(vpcs, eq(vpcs.id, vpcId)))
    .for('share');
  if (!vpc || vpc.status === VpcStatus.DELETING) throw fail('VPC_NOT_FOUND');
  if (vpc.status !== VpcStatus.AVAILABLE) throw fail('CCX_VPC_NOT_AVAILABLE');

  const { name, engine, version, nodeCount, nodeSize } = body;
  const row = await ccxLifecycle.create(
    ctx,
    'create',
    { vpcId, name, engine, version, nodeCount, nodeSize, status: CcxClusterStatus.CREATING },
    (row): ClusterSpec & Record<string, unknown> => ({
      clusterId: row.id,
      networkId: vpcId,
      engine,
      version,
      nodeCount,
      nodeSize,
    }),
  );
  return clusterRows.one(ctx, row.id);
}

async function scaleCluster(ctx: ResourceContext, id: string, body: CcxClusterScale) {
  const cluster = await clusterRows.forUpdate(ctx, id);
  allowed(canScaleCluster(cluster));
  const problem = ccxScaleProblem(cluster, body.nodeCount);
  if (problem === 'validation.needBeOneOf') throw fieldsRefused('FORMAT_ERROR', { nodeCount: problem });
  if (problem !== null) throw fail(problem);
  await ccxLifecycle.begin(
    ctx,
    id,
    'scale',
    { status: CcxClusterStatus.SCALING, targetNodeCount: body.nodeCount },
    { nodeCount: body.nodeCount },
  );
  return clusterRows.one(ctx, id);
}

const deleteCluster = rowChange(clusterRows, ccxLifecycle, 'delete', canDeleteCluster, {
  status: CcxClusterStatus.DELETING,
});

export const ccxClusterResource = defineResource(ccxClusterContract, {
  rows: clusterRows,
  list: listClusters,
  create: {
    summary: 'Create a managed cluster in an available VPC (status 0 until the cloud has built it)',
    handler: createCluster,
  },
  remove: {
    summary: 'Delete a running cluster or one in error; the login password confirms it',
    handler: deleteCluster,
  },
  actions: {
    scale: {
      summary: "Scale a running cluster to another of its engine's node counts (status 5 meanwhile)",
      handler: scaleCluster,
    },
  },
});
