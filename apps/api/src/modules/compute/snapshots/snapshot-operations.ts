import { and, desc, eq, isNull } from 'drizzle-orm';
import { SnapshotStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { resourceTags, snapshotRules, snapshots, vms, type OperationRow } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { SNAPSHOT_OPERATIONS, type SnapshotVerb } from './take-snapshot.js';
import { awaitingOperation } from '../../../platform/operations/awaiting.js';

const awaiting = (op: OperationRow, verb: SnapshotVerb) => awaitingOperation(snapshots, op, verb);

const settle = (
  tx: Db,
  op: OperationRow,
  verb: SnapshotVerb,
  values: Partial<typeof snapshots.$inferInsert>,
) =>
  tx
    .update(snapshots)
    .set({ pendingOperation: null, status: SnapshotStatus.COMPLETED, ...values })
    .where(awaiting(op, verb))
    .returning();

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
  // Deletions a completed scheduled snapshot started (retention), run as soon as it closed.
  const retired = new Map<string, string[]>();

  /** The rule's snapshots of the VM beyond its retained quantity, oldest first, to be deleted. */
  async function retire(tx: Db, op: OperationRow, snapshot: typeof snapshots.$inferSelect) {
    if (!snapshot.policyId || !snapshot.vmId) return;
    const [rule] = await tx
      .select({ retained: snapshotRules.retained })
      .from(snapshotRules)
      .where(eq(snapshotRules.id, snapshot.policyId));
    if (!rule) return;
    const beyond = await tx
      .select({ id: snapshots.id })
      .from(snapshots)
      .where(
        and(
          eq(snapshots.policyId, snapshot.policyId),
          eq(snapshots.vmId, snapshot.vmId),
          eq(snapshots.status, SnapshotStatus.COMPLETED),
          isNull(snapshots.pendingOperation),
        ),
      )
      .orderBy(desc(snapshots.createdAt), desc(snapshots.id))
      .offset(rule.retained)
      .for('update');
    const started: string[] = [];
    for (const { id } of beyond) {
      await tx
        .update(snapshots)
        .set({ status: SnapshotStatus.DELETING, pendingOperation: 'delete', statusReason: null })
        .where(and(eq(snapshots.id, id), eq(snapshots.clientId, op.clientId)));
      const row = await operations.start(tx, {
        clientId: op.clientId,
        userId: null,
        resourceType: 'snapshots',
        resourceId: id,
        kind: SNAPSHOT_OPERATIONS.delete,
        input: { retention: true },
      });
      started.push(row.id);
    }
    if (started.length > 0) retired.set(op.id, started);
  }

  operations.define(SNAPSHOT_OPERATIONS.create, {
    submit: (driver, ref, op) => {
      const input = op.input as { vmId: string; volumeIds: string[] };
      return driver.createSnapshot(ref, op.resourceId, input.vmId, input.volumeIds);
    },
    async succeeded(tx, op) {
      const [snapshot] = await settle(tx, op, 'create', { statusReason: null });
      if (snapshot) await retire(tx, op, snapshot);
    },
    // The spec has no failed status for a snapshot: one the cloud could not take is not kept
    // (the operation keeps the reason).
    async failed(tx, op) {
      await tx.delete(snapshots).where(awaiting(op, 'create'));
    },
    async after(op) {
      for (const id of retired.get(op.id) ?? []) operations.kick(id);
      retired.delete(op.id);
    },
  });

  operations.define(SNAPSHOT_OPERATIONS.restore, {
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

  operations.define(SNAPSHOT_OPERATIONS.delete, {
    submit: (driver, ref, op) => driver.deleteSnapshot(ref, op.resourceId),
    async succeeded(tx, op) {
      const gone = await tx.delete(snapshots).where(awaiting(op, 'delete')).returning({ id: snapshots.id });
      if (gone.length === 0) return;
      await tx
        .delete(resourceTags)
        .where(and(eq(resourceTags.clientId, op.clientId), eq(resourceTags.resId, op.resourceId)));
    },
    failed: async (tx, op, error) => void (await settle(tx, op, 'delete', { statusReason: error })),
  });
}
