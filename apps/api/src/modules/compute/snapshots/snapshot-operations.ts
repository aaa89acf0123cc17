import { and, eq } from 'drizzle-orm';
import { SnapshotStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { snapshots, vms, type OperationRow } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { ruleRetention } from './rule-retention.js';
import { snapshotLifecycle, type SnapshotVerb } from './take-snapshot.js';

const { kinds } = snapshotLifecycle;

const settle = (
  tx: Db,
  op: OperationRow,
  verb: SnapshotVerb,
  values: Partial<typeof snapshots.$inferInsert>,
) => snapshotLifecycle.settle(tx, op, verb, { status: SnapshotStatus.COMPLETED, ...values });

/** The VM a restore holds, let go (with the cloud's reason when it failed). */
const releaseVm = (tx: Db, op: OperationRow, statusReason: string | null) =>
  tx
    .update(vms)
    .set({ pendingOperation: null, statusReason })
    .where(
      and(
        eq(vms.id, String((op.input as { vmId: string }).vmId)),
        eq(vms.clientId, op.clientId),
        eq(vms.pendingOperation, 'restore'),
      ),
    );

export function defineSnapshotOperations(operations: Operations): void {
  const retention = ruleRetention(operations);

  operations.define(kinds.create, {
    submit: (driver, ref, op) => {
      const input = op.input as { vmId: string; volumeIds: string[] };
      return driver.createSnapshot(ref, op.resourceId, input.vmId, input.volumeIds);
    },
    async succeeded(tx, op) {
      const [snapshot] = await settle(tx, op, 'create', { statusReason: null });
      if (snapshot) await retention.retire(tx, op, snapshot);
    },
    // The spec has no failed status for a snapshot: one the cloud could not take is not kept
    // (the operation keeps the reason).
    async failed(tx, op) {
      await tx.delete(snapshots).where(snapshotLifecycle.awaiting(op, 'create'));
    },
    after: async (op) => retention.after(op),
  });

  operations.define(kinds.restore, {
    submit: (driver, ref, op) =>
      driver.restoreSnapshot(ref, op.resourceId, String((op.input as { vmId: string }).vmId)),
    async succeeded(tx, op) {
      await settle(tx, op, 'restore', { statusReason: null });
      await releaseVm(tx, op, null);
    },
    async failed(tx, op, error) {
      await settle(tx, op, 'restore', { statusReason: error });
      await releaseVm(tx, op, error);
    },
  });

  operations.define(
    kinds.delete,
    snapshotLifecycle.removal('delete', (driver, ref, op) => driver.deleteSnapshot(ref, op.resourceId), {
      status: SnapshotStatus.COMPLETED,
    }),
  );
}
