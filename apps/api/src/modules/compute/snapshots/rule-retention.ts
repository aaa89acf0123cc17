import { and, desc, eq, isNull } from 'drizzle-orm';
import { SnapshotStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { snapshotRules, snapshots, type OperationRow } from '../../../db/schema/index.js';
import { tenantScope } from '../../../db/tenant-scope.js';
import type { NewOperation, Operations } from '../../../platform/operations/operations.js';
import { snapshotLifecycle } from './take-snapshot.js';

/**
 * A rule's retention (spec section 3, "Snapshot policy"): once a scheduled snapshot is taken, the
 * rule's snapshots of that VM beyond its retained quantity are deleted, oldest first, by the
 * tenant's rule (no user). The deletions are recorded in the closing transaction of the snapshot
 * that made them due and started once it has committed (`after`).
 */
export function ruleRetention(operations: Operations) {
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

  return {
    retire,
    /** Starts the deletions the snapshot's operation made due. */
    after(op: OperationRow) {
      for (const id of retired.get(op.id) ?? []) operations.kick(id);
      retired.delete(op.id);
    },
  };
}
