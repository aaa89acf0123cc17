import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CcxClusterStatus } from '@portal/shared';
import type { ClusterSpec } from '../../../cloud/driver.js';
import type { Db } from '../../../db/database.js';
import { ccxClusters, resourceTags, type OperationRow } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { awaitingOperation } from '../../../platform/operations/awaiting.js';

export const CCX_OPERATIONS = {
  create: 'ccx.create',
  scale: 'ccx.scale',
  delete: 'ccx.delete',
} as const;
export type CcxVerb = keyof typeof CCX_OPERATIONS;

/** The cluster whose `verb` this operation is: a late answer cannot undo a newer change. */
const awaiting = (op: OperationRow, verb: CcxVerb) => awaitingOperation(ccxClusters, op, verb);

const settle = (
  tx: Db,
  op: OperationRow,
  verb: CcxVerb,
  values: { [K in keyof typeof ccxClusters.$inferInsert]?: (typeof ccxClusters.$inferInsert)[K] | SQL },
) =>
  tx
    .update(ccxClusters)
    .set({ pendingOperation: null, ...values })
    .where(awaiting(op, verb));

/**
 * What the cloud's answers do to a cluster. Create: running with the endpoint the cloud gave, or
 * error with its reason. Scale: the target node count becomes the count, or the cluster keeps
 * running at the count it had, with the reason. Delete: the row goes, or it is left in error with
 * the reason (and can be deleted again).
 */
export function defineCcxOperations(operations: Operations): void {
  operations.define(CCX_OPERATIONS.create, {
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

  operations.define(CCX_OPERATIONS.scale, {
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

  operations.define(CCX_OPERATIONS.delete, {
    submit: (driver, ref, op) => driver.deleteCluster(ref, op.resourceId),
    async succeeded(tx, op) {
      const gone = await tx
        .delete(ccxClusters)
        .where(awaiting(op, 'delete'))
        .returning({ id: ccxClusters.id });
      if (gone.length === 0) return;
      await tx
        .delete(resourceTags)
        .where(and(eq(resourceTags.clientId, op.clientId), eq(resourceTags.resId, op.resourceId)));
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'delete', { status: CcxClusterStatus.ERROR, statusReason: error });
    },
  });
}
