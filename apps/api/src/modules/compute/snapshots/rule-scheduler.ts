import { asc, eq, lte } from 'drizzle-orm';
import { localStamp, nextSnapshotRun, RESOURCE_NAME_MAX } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { clients, snapshotRules, vms } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { Jobs } from '../../../platform/jobs/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { takeSnapshot } from './take-snapshot.js';

export const SNAPSHOT_RULES_QUEUE = 'snapshot.rules';

export interface SnapshotSchedulerDeps {
  db: Db;
  clock: Clock;
  operations: Operations;
  log: FastifyBaseLogger;
}

/**
 * Runs the snapshot rules that are due. Each rule is taken in a transaction of its own, locked
 * with SKIP LOCKED, and moved to its next run in that transaction: with several instances (or a
 * tick that overlaps the previous one) each run happens once. The next run is counted from now,
 * so a rule that missed runs while the service was down runs once, not once per missed run.
 */
export function createSnapshotScheduler({ db, clock, operations, log }: SnapshotSchedulerDeps) {
  /** Run one due rule; false when none is left. */
  async function runOne(now: Date): Promise<boolean> {
    const started: string[] = [];
    const ran = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ rule: snapshotRules, timeZone: clients.timeZone })
        .from(snapshotRules)
        .innerJoin(clients, eq(clients.id, snapshotRules.clientId))
        .where(lte(snapshotRules.nextRunAt, now))
        .orderBy(asc(snapshotRules.nextRunAt))
        .limit(1)
        .for('update', { of: snapshotRules, skipLocked: true });
      if (!due) return false;
      const { rule, timeZone } = due;
      const members = await tx
        .select()
        .from(vms)
        .where(eq(vms.snapshotRuleId, rule.id))
        .orderBy(asc(vms.name), asc(vms.id))
        .for('update');
      const name = `${rule.name.slice(0, RESOURCE_NAME_MAX - 14).trim()}-${localStamp(now, timeZone)}`;
      for (const vm of members) {
        const taken = await takeSnapshot(
          tx,
          async (input) => {
            const op = await operations.start(tx, { ...input, clientId: rule.clientId, userId: null });
            started.push(op.id);
          },
          vm,
          { name, policyId: rule.id },
        );
        // A VM the cloud is busy with is left for the next run, which is hours away at most.
        if ('refused' in taken)
          log.info({ rule: rule.id, vm: vm.id, code: taken.refused }, 'snapshot rule skipped a VM');
      }
      await tx
        .update(snapshotRules)
        .set({ lastRunAt: now, nextRunAt: nextSnapshotRun(now, rule.cycle, rule.weekday, timeZone) })
        .where(eq(snapshotRules.id, rule.id));
      return true;
    });
    for (const id of started) operations.kick(id);
    return ran;
  }

  return {
    /** Every rule due now, one after another; how many ran. */
    async runDue(): Promise<number> {
      const now = clock.now();
      let ran = 0;
      while (await runOne(now)) ran++;
      return ran;
    },
  };
}

export type SnapshotScheduler = ReturnType<typeof createSnapshotScheduler>;

/** Look for due rules every minute (a pg-boss schedule: one tick across all instances). */
export async function scheduleSnapshotRules(jobs: Jobs, scheduler: SnapshotScheduler): Promise<void> {
  await jobs.schedule(SNAPSHOT_RULES_QUEUE, '* * * * *', async () => void (await scheduler.runDue()));
}
