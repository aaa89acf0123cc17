import { inArray } from 'drizzle-orm';
import { operations } from '../src/db/schema/index.js';
import type { TestApp } from './build.js';

/**
 * Wait until the cloud has answered every operation in flight (the simulator is instant in tests,
 * but the work runs after the answer has been sent; QEMU's guests take seconds).
 */
export async function settled(t: TestApp, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + (t.config.cloudDriver === 'libvirt' ? Math.max(timeoutMs, 120_000) : timeoutMs);
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.operations.idle();
    const open = await t.db
      .select({ id: operations.id })
      .from(operations)
      .where(inArray(operations.state, ['queued', 'running']))
      .limit(1);
    if (open.length === 0) return;
    if (Date.now() > until) throw new Error('operations still open');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Keep the cloud from finishing anything until the returned function is called: its tasks report
 * "pending" meanwhile, so a test can look at a change while it is under way.
 */
export function holdCloud(t: TestApp): () => void {
  const cloud = t.app.cloud;
  const task = cloud.task.bind(cloud);
  cloud.task = async (operationId) => {
    const state = await task(operationId);
    return state.state === 'unknown'
      ? state
      : { state: 'pending', completesAt: new Date(t.clock.now().getTime() + 50) };
  };
  return () => {
    cloud.task = task;
  };
}
