import { CcxClusterStatus } from '../enums/ccx.js';
import { ccxEngine } from '../schemas/ccx.js';
import type { RuleResult } from './vm.js';

/** Which actions a CCX cluster allows; see rules/vm.ts for the shape. */
export interface CcxClusterState {
  status: number;
  pendingOperation: string | null;
}

/** Scale: a running cluster the cloud is not already changing. */
export function canScaleCluster(cluster: CcxClusterState): RuleResult {
  return cluster.status === CcxClusterStatus.RUNNING && cluster.pendingOperation === null
    ? true
    : 'CCX_CLUSTER_STATUS_ERROR';
}

/**
 * Delete: a running cluster, or one in error (a failed create or delete leaves it so, and it can
 * still be removed); not while the cloud is creating, scaling or deleting it.
 */
export function canDeleteCluster(cluster: CcxClusterState): RuleResult {
  if (cluster.pendingOperation !== null) return 'CCX_CLUSTER_STATUS_ERROR';
  return cluster.status === CcxClusterStatus.RUNNING || cluster.status === CcxClusterStatus.ERROR
    ? true
    : 'CCX_CLUSTER_STATUS_ERROR';
}

/**
 * What is wrong with scaling this cluster to `nodeCount`, as field path → message key or code:
 * a count its engine does not run (validation.needBeOneOf), or the count it already has.
 */
export function ccxScaleProblem(
  cluster: { engine: string; nodeCount: number },
  nodeCount: number,
): 'validation.needBeOneOf' | 'CCX_NODE_COUNT_UNCHANGED' | null {
  if (!(ccxEngine(cluster.engine)?.nodeCounts.includes(nodeCount) ?? false)) return 'validation.needBeOneOf';
  return nodeCount === cluster.nodeCount ? 'CCX_NODE_COUNT_UNCHANGED' : null;
}
