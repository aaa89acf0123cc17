import { and, desc, eq, isNull } from 'drizzle-orm';
import { SnapshotStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { snapshotRules, snapshots, vms, type OperationRow } from '../../../db/schema/index.js';
import { tenantScope } from '../../../db/tenant-scope.js';
import type { NewOperation, Operations } from '../../../platform/operations/operations.js';
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
    // The tenant's rule deletes them, as no one of its users.
    const retention = {
      db: tx,
      own: tenantScope(tx, op.clientId).own,
      async startOperation(input: Omit<NewOperation, 'clientId' | 'userId'>) {
        started.push((await operations.start(tx, { ...input, clientId: op.clientId, userId: null })).id);
      },
    };
    for (const { id } of beyond) {
      await snapshotLifecycle.begin(
        retention,
        id,
        'delete',
        { status: SnapshotStatus.DELETING },
        { retention: true },
      );
    }
    if (started.length > 0) retired.set(op.id, started);
  }

  operations.define(kinds.create, {
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
      await tx.delete(snapshots).where(snapshotLifecycle.awaiting(op, 'create'));
    },
    async after(op) {
      for (const id of retired.get(op.id) ?? []) operations.kick(id);
      retired.delete(op.id);
    },
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

  operations.define(kinds.delete, {
    submit: (driver, ref, op) => driver.deleteSnapshot(ref, op.resourceId),
    succeeded: async (tx, op) => void (await snapshotLifecycle.remove(tx, op, 'delete')),
    failed: async (tx, op, error) => void (await settle(tx, op, 'delete', { statusReason: error })),
  });
}
