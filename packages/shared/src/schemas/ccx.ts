import { z } from 'zod';
import { CcxClusterStatus } from '../enums/ccx.js';
import { isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zUuid } from '../validators/zod.js';
import { decimalAmountSchema } from './content.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/**
 * The CCX catalogue (managed clusters, route group ccx, log code 10020). The spec names only
 * "engine and version, node count and size", so the choices are ours:
 * - databases (PostgreSQL, MySQL, Redis) run on 1 node (a single primary) or 3 (a primary and two
 *   replicas, the smallest set that can elect a new primary); no other count keeps a quorum;
 * - Kubernetes runs 1 to 10 worker nodes (its control plane is the cloud's, not a node of yours);
 * - every node has one of a few sizes, vCPU/RAM pairs the VM size rules allow (even vCPUs, RAM 1x
 *   to 8x the vCPUs), and all nodes of a cluster have the same size.
 * The form offers exactly these, and the server refuses anything else.
 */
export const CCX_ENGINES = [
  {
    id: 'postgresql',
    label: 'PostgreSQL',
    kind: 'database',
    versions: ['17', '16', '15'],
    nodeCounts: [1, 3],
    port: 5432,
  },
  { id: 'mysql', label: 'MySQL', kind: 'database', versions: ['8.4', '8.0'], nodeCounts: [1, 3], port: 3306 },
  { id: 'redis', label: 'Redis', kind: 'database', versions: ['7.2'], nodeCounts: [1, 3], port: 6379 },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    kind: 'kubernetes',
    versions: ['1.31', '1.30'],
    nodeCounts: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    port: 6443,
  },
] as const satisfies readonly CcxEngine[];

export interface CcxEngine {
  id: string;
  /** A product's own name, the same in every language. */
  label: string;
  /** What the management surcharge of the price list is charged for (pricing/estimate.ts). */
  kind: 'database' | 'kubernetes';
  /** Newest first: the form starts from the first. */
  versions: readonly string[];
  nodeCounts: readonly number[];
  /** The port of its endpoint. */
  port: number;
}

export const CCX_ENGINE_IDS = CCX_ENGINES.map((e) => e.id) as [CcxEngineId, ...CcxEngineId[]];
export type CcxEngineId = (typeof CCX_ENGINES)[number]['id'];

/** A node's size: vCPUs and GB of RAM; the id is what the API and the cloud name it by. */
export const CCX_NODE_SIZES = [
  { id: '2c4g', cpu: 2, ramGb: 4 },
  { id: '4c8g', cpu: 4, ramGb: 8 },
  { id: '4c16g', cpu: 4, ramGb: 16 },
  { id: '8c32g', cpu: 8, ramGb: 32 },
] as const;
export const CCX_NODE_SIZE_IDS = CCX_NODE_SIZES.map((s) => s.id) as [CcxNodeSizeId, ...CcxNodeSizeId[]];
export type CcxNodeSizeId = (typeof CCX_NODE_SIZES)[number]['id'];

export const ccxEngine = (id: string): CcxEngine | undefined => CCX_ENGINES.find((e) => e.id === id);
export const ccxNodeSize = (id: string) => CCX_NODE_SIZES.find((s) => s.id === id);

/** Whether an engine runs this version, and this many nodes. */
export const isCcxVersion = (engine: string, version: string) =>
  ccxEngine(engine)?.versions.includes(version) ?? false;
export const isCcxNodeCount = (engine: string, nodeCount: number) =>
  ccxEngine(engine)?.nodeCounts.includes(nodeCount) ?? false;

/** A cluster as the list and detail send it. */
export const ccxClusterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  engine: z.enum(CCX_ENGINE_IDS),
  version: z.string(),
  nodeCount: z.number().int(),
  /** The node count a scale is moving to, while it runs; null otherwise. */
  targetNodeCount: z.number().int().nullable(),
  nodeSize: z.enum(CCX_NODE_SIZE_IDS),
  vpcUuid: z.string(),
  vpcName: z.string(),
  /** The cloud's address of the cluster (its host), once it has one. */
  endpoint: z.string().nullable(),
  status: zEnumValue(CcxClusterStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  /** The monthly estimate at its current node count (pricing/estimate.ts, clusterMonthlyEstimate). */
  monthlyPrice: decimalAmountSchema,
  createdAt: z.string(),
});
export type CcxCluster = z.infer<typeof ccxClusterSchema>;

const nodeCount = z
  .number({ error: 'validation.needBeInteger' })
  .int('validation.needBeInteger')
  .min(1, 'validation.needBeOneOf')
  .max(100, 'validation.needBeOneOf');

/** A new cluster: the version and node count must be the engine's. */
export const ccxClusterCreateSchema = z
  .object({
    name: zRequired(isResourceName),
    engine: z.enum(CCX_ENGINE_IDS, { error: 'validation.needBeOneOf' }),
    version: zRequired(),
    nodeCount,
    nodeSize: z.enum(CCX_NODE_SIZE_IDS, { error: 'validation.needBeOneOf' }),
    vpcUuid: zUuid(),
  })
  .superRefine((body, ctx) => {
    if (!isCcxVersion(body.engine, body.version))
      ctx.addIssue({ code: 'custom', message: 'validation.needBeOneOf', path: ['version'] });
    if (!isCcxNodeCount(body.engine, body.nodeCount))
      ctx.addIssue({ code: 'custom', message: 'validation.needBeOneOf', path: ['nodeCount'] });
  });
export type CcxClusterCreate = z.infer<typeof ccxClusterCreateSchema>;

/** A scale: the new node count, one the engine allows (rules/ccx.ts, ccxScaleProblem). */
export const ccxClusterScaleSchema = z.object({ nodeCount });
export type CcxClusterScale = z.infer<typeof ccxClusterScaleSchema>;

export const CCX_CLUSTER_SORTS = ['name', 'createdAt'] as const;
export const ccxClusterListQuerySchema = resourceListQuery(CCX_CLUSTER_SORTS).extend({
  engine: z.enum(CCX_ENGINE_IDS).optional(),
  status: zEnumValue(CcxClusterStatus, { coerce: true }).optional(),
  vpcUuid: zUuid().optional(),
});
export type CcxClusterListQuery = z.infer<typeof ccxClusterListQuerySchema>;
