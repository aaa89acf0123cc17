import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  nextSnapshotRun,
  SnapshotPolicyCycle,
  SnapshotStatus,
  localStamp,
  type SnapshotDisk,
} from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { disks, simSnapshots, snapshotRules, snapshots, vms } from '../../../db/schema/index.js';

const HOUR = 3_600_000;
const TIME_ZONE = 'Asia/Taipei';

/**
 * The demo customer's snapshots: a nightly rule for the databases with its last three runs, a
 * weekly one for the web servers, and one taken by hand before an upgrade; the other VMs are left
 * unprotected, so the VM list and dashboard show what "protect" is for.
 */
export async function seedDemoSnapshots(db: Db, clientId: string, vmIds: string[], now: Date): Promise<void> {
  const rows = await db.select().from(vms).where(inArray(vms.id, vmIds));
  const byName = new Map(rows.map((vm) => [vm.name, vm]));
  const [nightly, weekly] = await db
    .insert(snapshotRules)
    .values([
      {
        clientId,
        name: 'nightly-db',
        cycle: SnapshotPolicyCycle.DAILY,
        retained: 7,
        nextRunAt: nextSnapshotRun(now, SnapshotPolicyCycle.DAILY, null, TIME_ZONE),
        lastRunAt: new Date(
          nextSnapshotRun(now, SnapshotPolicyCycle.DAILY, null, TIME_ZONE).getTime() - 24 * HOUR,
        ),
        createdAt: new Date(now.getTime() - 60 * 24 * HOUR),
      },
      {
        clientId,
        name: 'weekly-web',
        cycle: SnapshotPolicyCycle.WEEKLY,
        weekday: 7,
        retained: 4,
        nextRunAt: nextSnapshotRun(now, SnapshotPolicyCycle.WEEKLY, 7, TIME_ZONE),
        createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
      },
    ])
    .returning();
  const protect = async (ruleId: string, names: string[]) =>
    db
      .update(vms)
      .set({ snapshotRuleId: ruleId })
      .where(
        inArray(
          vms.id,
          names.map((n) => byName.get(n)?.id).filter((id): id is string => !!id),
        ),
      );
  await protect(nightly!.id, ['db-primary', 'db-replica']);
  await protect(weekly!.id, ['web-01', 'web-02']);

  const take = async (vmName: string, at: Date, policyId: string | null, name?: string) => {
    const vm = byName.get(vmName);
    if (!vm) return;
    const volumes = await db
      .select()
      .from(disks)
      .where(eq(disks.vmId, vm.id))
      .orderBy(desc(disks.isRoot), asc(disks.createdAt), asc(disks.id));
    const held: SnapshotDisk[] = volumes.map((v) => ({
      sizeGb: v.sizeGb,
      speed: v.speed as 0 | 1,
      isRoot: v.isRoot,
    }));
    const [row] = await db
      .insert(snapshots)
      .values({
        clientId,
        name:
          name ?? `${policyId === nightly!.id ? 'nightly-db' : 'weekly-web'}-${localStamp(at, TIME_ZONE)}`,
        vmId: vm.id,
        vmName: vm.name,
        templateId: vm.templateId,
        cpuCore: vm.cpuCore,
        ramSize: vm.ramSize,
        disks: held,
        sizeGb: held.reduce((sum, d) => sum + d.sizeGb, 0),
        diskQty: held.length,
        policyId,
        status: SnapshotStatus.COMPLETED,
        createdAt: at,
      })
      .returning({ id: snapshots.id });
    await db.insert(simSnapshots).values({
      id: row!.id,
      serverId: vm.id,
      volumes: volumes.map((v) => ({ volumeId: v.id, sizeGb: v.sizeGb })),
      takenAt: at,
    });
  };
  const lastNight = nightly!.lastRunAt!;
  for (const night of [2, 1, 0]) {
    const at = new Date(lastNight.getTime() - night * 24 * HOUR);
    await take('db-primary', at, nightly!.id);
    await take('db-replica', at, nightly!.id);
  }
  await take('api-01', new Date(now.getTime() - 5 * 24 * HOUR), null, 'api-01-before-upgrade');
}
