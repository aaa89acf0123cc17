import { sql } from 'drizzle-orm';
import { CcxClusterStatus } from '@portal/shared';
import type { ClusterSpec } from '../../../cloud/driver.js';
import { ccxClusters } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';

/** The cluster whose `verb` an operation is: a late answer cannot undo a newer change. */
export const ccxLifecycle = resourceLifecycle({
  table: ccxClusters,
  type: 'ccx-clusters',
  kinds: {
    create: 'ccx.create',
    scale: 'ccx.scale',
    delete: 'ccx.delete',
  },
});
const { kinds, settle } = ccxLifecycle;

/**
 * What the cloud's answers do to a cluster. Create: running with the endpoint the cloud gave, or
 * error with its reason. Scale: the target node count becomes the count, or the cluster keeps
 * running at the count it had, with the reason. Delete: the row goes, or it is left in error with
 * the reason (and can be deleted again).
 */
export function defineCcxOperations(operations: Operations): void {
  operations.define(kinds.create, {
    submit: (driver, ref, op) => driver.createCluster(ref, op.input as unknown as ClusterSpec),
    async succeeded(tx, op, result) {
      await settle(tx, op, 'create', {
        status: CcxClusterStatus.RUNNING,
        endpoint: result.address ?? null,
        statusReason: null,
      });
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'create', { status: CcxClusterStatus.ERROR, statusReason: error });
    },
  });

  operations.define(kinds.scale, {
    submit: (driver, ref, op) =>
      driver.scaleCluster(ref, op.resourceId, Number((op.input as { nodeCount: number }).nodeCount)),
    async succeeded(tx, op) {
      await settle(tx, op, 'scale', {
        status: CcxClusterStatus.RUNNING,
        nodeCount: sql`coalesce(${ccxClusters.targetNodeCount}, ${ccxClusters.nodeCount})`,
        targetNodeCount: null,
        statusReason: null,
      });
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'scale', {
        status: CcxClusterStatus.RUNNING,
        targetNodeCount: null,
        statusReason: error,
      });
    },
  });

  operations.define(
    kinds.delete,
    ccxLifecycle.removal('delete', (driver, ref, op) => driver.deleteCluster(ref, op.resourceId), {
      status: CcxClusterStatus.ERROR,
    }),
  );
}
