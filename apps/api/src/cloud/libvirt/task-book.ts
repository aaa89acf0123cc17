import type { Clock } from '../../platform/clock.js';
import type { TaskResult, TaskState } from '../driver.js';

const HOUR = 60 * 60_000;

/**
 * The driver's tasks in memory, by operation id: virsh does the work at once, so a request runs
 * in the background and its end is written here for `task` to read. A record is kept an hour after
 * it ends (the operation has read it by then); a portal that restarted has none, answers `unknown`
 * and is asked again, and the work, written to be run again, finds libvirt as the first run left it.
 */
export function createTaskBook(clock: Clock, pollMs: number) {
  const records = new Map<string, { state: TaskState; endedAt: number | null }>();
  const running = new Set<Promise<void>>();

  function prune() {
    const before = clock.now().getTime() - HOUR;
    for (const [id, r] of records) if (r.endedAt !== null && r.endedAt < before) records.delete(id);
  }

  return {
    /** Runs the work for the operation unless it already is (or was) running here. */
    run(operationId: string, work: () => Promise<TaskResult>): void {
      if (records.has(operationId)) return;
      prune();
      records.set(operationId, { state: { state: 'unknown' }, endedAt: null });
      const end = (state: TaskState) => records.set(operationId, { state, endedAt: clock.now().getTime() });
      const done = work()
        .then(
          (result) => void end({ state: 'done', result }),
          (error: unknown) =>
            void end({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },

    /** How it stands; null when this process never ran it. A running one is looked at again soon. */
    get(operationId: string): TaskState | null {
      const record = records.get(operationId);
      if (!record) return null;
      if (record.endedAt === null)
        return { state: 'pending', completesAt: new Date(clock.now().getTime() + pollMs) };
      return record.state;
    },

    /** Waits for every task running now (tests, a graceful stop). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
