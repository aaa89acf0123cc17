import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VmStatus, type CloudReason } from '@portal/shared';
import type { CloudDriver, ServerState } from '../../cloud/driver.js';
import type { Db } from '../../db/database.js';
import { vms } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { repeatEvery } from '../../platform/jobs/repeat.js';

export const VM_RECONCILE_QUEUE = 'vm-reconcile';
/** VMs asked of the cloud per call. */
const RECONCILE_BATCH = 2000;

export interface VmReconcileDeps {
  db: Db;
  driver: Pick<CloudDriver, 'serverStates'>;
  clock: Clock;
  log: FastifyBaseLogger;
  batchSize?: number;
}

/** What a settled VM becomes when the cloud says otherwise. */
export interface Correction {
  status: VmStatus;
  statusReason: CloudReason | null;
  /** The time the portal saw the change stands for when the guest came up or went down. */
  mark: 'lastBootAt' | 'lastShutdownAt' | null;
}

/**
 * The portal's status of a settled VM (running or stopped, no operation pending) against the
 * cloud's state: null when they agree. A guest gone from the cloud, or crashed, is in error with
 * the reason; a running VM the cloud has stopped powered itself off; a stopped VM the cloud runs
 * was started outside the portal (an operator on the host).
 */
export function correctionOf(status: VmStatus, state: ServerState): Correction | null {
  if (state === 'missing')
    return { status: VmStatus.ERROR, statusReason: 'CLOUD_SERVER_MISSING', mark: null };
  if (state === 'error') return { status: VmStatus.ERROR, statusReason: 'CLOUD_GUEST_CRASHED', mark: null };
  if (status === VmStatus.RUNNING && state === 'stopped')
    return { status: VmStatus.STOPPED, statusReason: 'CLOUD_GUEST_POWERED_OFF', mark: 'lastShutdownAt' };
  if (status === VmStatus.STOPPED && state === 'running')
    return { status: VmStatus.RUNNING, statusReason: null, mark: 'lastBootAt' };
  return null;
}

export interface ReconcileResult {
  /** Settled VMs asked about, and those whose status changed. */
  checked: number;
  changed: number;
}

const instant = (at: Date | null) => sql`${at ? at.toISOString() : null}::timestamptz`;

/**
 * The reconcile job's body: a status changes because the cloud said so, never because a page
 * waited. Every tenant's settled VMs are asked of the driver in batches; each disagreement is one
 * guarded UPDATE (its own transaction) that changes the VM only while it is still as it was read:
 * no operation pending (an operation's answer is the operation's to write), the same status and
 * the same boot and shutdown times (an operation that came and went in between moved one of them).
 * The row's update moves the tenant's resources version (the triggers of migration 0012), so lists
 * and kept answers see it. Not a user's action: logged, not audited.
 */
export async function reconcileVms(deps: VmReconcileDeps): Promise<ReconcileResult> {
  const { db, driver, clock, log } = deps;
  const batch = deps.batchSize ?? RECONCILE_BATCH;
  const settled = await db
    .select({
      id: vms.id,
      clientId: vms.clientId,
      status: vms.status,
      lastBootAt: vms.lastBootAt,
      lastShutdownAt: vms.lastShutdownAt,
    })
    .from(vms)
    .where(and(inArray(vms.status, [VmStatus.RUNNING, VmStatus.STOPPED]), isNull(vms.pendingOperation)));
  let changed = 0;
  for (let i = 0; i < settled.length; i += batch) {
    const chunk = settled.slice(i, i + batch);
    const states = await driver.serverStates(chunk.map((v) => v.id));
    for (const vm of chunk) {
      const state = states.get(vm.id);
      const correction = state && correctionOf(vm.status as VmStatus, state);
      if (!correction) continue;
      const now = clock.now();
      const updated = await db
        .update(vms)
        .set({
          status: correction.status,
          statusReason: correction.statusReason,
          ...(correction.mark ? { [correction.mark]: now } : {}),
        })
        .where(
          and(
            eq(vms.id, vm.id),
            eq(vms.clientId, vm.clientId),
            isNull(vms.pendingOperation),
            eq(vms.status, vm.status),
            sql`${vms.lastBootAt} is not distinct from ${instant(vm.lastBootAt)}`,
            sql`${vms.lastShutdownAt} is not distinct from ${instant(vm.lastShutdownAt)}`,
          ),
        )
        .returning({ id: vms.id });
      if (updated.length === 0) continue;
      changed++;
      log[state === 'running' || state === 'stopped' ? 'info' : 'warn'](
        { vm: vm.id, client: vm.clientId, from: vm.status, to: correction.status, cloud: state },
        'a VM status changed to what the cloud reports',
      );
    }
  }
  return { checked: settled.length, changed };
}

/**
 * The job: a pg-boss schedule each minute (one run across instances), and below a minute a timer
 * on each instance as well (journeys that watch a guest power off); a job sent to the queue runs it
 * too.
 */
export async function scheduleVmReconcile(
  jobs: Jobs,
  deps: VmReconcileDeps & { everySeconds: number },
): Promise<{ stop(): Promise<void> }> {
  const run = async () => {
    const result = await reconcileVms(deps);
    if (result.changed > 0) deps.log.info(result, 'VMs reconciled with the cloud');
  };
  await jobs.schedule(VM_RECONCILE_QUEUE, '* * * * *', run);
  if (deps.everySeconds >= 60) return { stop: async () => {} };
  return repeatEvery(deps.everySeconds * 1000, run, (error) =>
    deps.log.error({ err: error }, 'VM reconcile failed'),
  );
}
