import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SnapshotStatus, VmStatus, type Snapshot, type Vm } from '@portal/shared';
import { snapshots, vms } from '../../../db/schema/index.js';
import { body, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import { buildWithVpc } from '../../../../test/build-with-vpc.js';
import { holdCloud, settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';
import { loseVolume, ON_LIBVIRT } from '../../../../test/libvirt-cloud.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp, tenant: Tenant, token: string, vpcUuid: string;
beforeAll(async () => {
  ({ t, tenant, token, vpcUuid } = await buildWithVpc());
});
afterAll(() => t.close());

const newVm = (over: Record<string, unknown> = {}) => ({
  name: 'db-1',
  templateUUID: UBUNTU,
  cpuCore: 2,
  ramSize: 4,
  rootDiskSize: 60,
  dataDisks: [{ diskSize: 100, diskSpeed: 1 }],
  vpcUuid,
  ...over,
});
async function stoppedVm(name: string): Promise<Vm> {
  const vm = ok<Vm>(await t.request('POST', '/api/vms', { token, body: newVm({ name }) }));
  await settled(t);
  ok(await t.request('POST', `/api/vms/${vm.uuid}/stop`, { token }));
  await settled(t);
  return ok<Vm>(await t.request('GET', `/api/vms/${vm.uuid}`, { token }));
}
const snapshotOf = async (vm: Vm, name = 'before-upgrade') =>
  t.request('POST', '/api/snapshots', { token, body: { name, vmUuid: vm.uuid } });
const getSnapshot = async (uuid: string) =>
  ok<Snapshot>(await t.request('GET', `/api/snapshots/${uuid}`, { token }));

describe('taking a snapshot', () => {
  it('answers processing, and completes when the cloud has it, with the VM’s disks', async () => {
    const vm = await stoppedVm('db-1');
    const taken = ok<Snapshot>(await snapshotOf(vm));
    expect(taken).toMatchObject({
      name: 'before-upgrade',
      status: SnapshotStatus.PROCESSING,
      pendingOperation: 'create',
      vmUuid: vm.uuid,
      vmName: 'db-1',
      diskQty: 2,
      snapshotSizes: 160,
      policyUuid: null,
      templateUUID: UBUNTU,
      disks: [
        { sizeGb: 60, speed: 0, isRoot: true },
        { sizeGb: 100, speed: 1, isRoot: false },
      ],
    });
    await settled(t);
    expect(await getSnapshot(taken.uuid)).toMatchObject({
      status: SnapshotStatus.COMPLETED,
      pendingOperation: null,
    });
    const listed = ok<{ records: Snapshot[]; total: number }>(
      await t.request('GET', `/api/snapshots?vmUuid=${vm.uuid}`, { token }),
    );
    expect(listed.records.map((s) => s.uuid)).toEqual([taken.uuid]);
  });

  it('refuses a VM the cloud is busy with, an unknown VM, and a bad name, keeping nothing', async () => {
    const vm = await stoppedVm('busy-1');
    const release = holdCloud(t);
    ok(await t.request('POST', `/api/vms/${vm.uuid}/start`, { token }));
    const before = await t.db.select({ id: snapshots.id }).from(snapshots);
    expect(body(await snapshotOf(vm)).msg).toBe('VM_STATUS_ERROR');
    const unknown = await t.request('POST', '/api/snapshots', {
      token,
      body: { name: 'x', vmUuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(body(unknown).msg).toBe('VM_NOT_FOUND');
    // Not an id at all: refused with the field before any query.
    expect(
      body(await t.request('POST', '/api/snapshots', { token, body: { name: 'x', vmUuid: 'nope' } })),
    ).toEqual({ msg: 'FORMAT_ERROR', errors: [{ path: 'vmUuid', message: 'validation.needBeOneOf' }] });
    const badName = await t.request('POST', '/api/snapshots', {
      token,
      body: { name: '-x', vmUuid: vm.uuid },
    });
    expect(body(badName).errors).toContainEqual({ path: 'name', message: 'validation.needBeResourceName' });
    expect(await t.db.select({ id: snapshots.id }).from(snapshots)).toHaveLength(before.length);
    release();
    await settled(t);
  });

  it('keeps nothing when the cloud fails to take it', async () => {
    const vm = await stoppedVm('fail-1');
    // The simulator is told to fail; on libvirt the VM's data volume is gone from the host.
    if (!ON_LIBVIRT)
      await (t.app.cloud as Simulator).injectFault('snapshot.create', 1, 'snapshot store full');
    else {
      const [data] = ok<{ records: { uuid: string }[] }>(
        await t.request('GET', `/api/disks?vmUuid=${vm.uuid}&attached=yes&sort=diskSize&orderby=desc`, {
          token,
        }),
      ).records;
      await loseVolume(t.config, data!.uuid);
    }
    const taken = ok<Snapshot>(await snapshotOf(vm));
    await settled(t);
    expect((await t.request('GET', `/api/snapshots/${taken.uuid}`, { token })).statusCode).toBe(404);
  });

  it('is another tenant’s 404, to read, restore and delete', async () => {
    const vm = await stoppedVm('mine-1');
    const taken = ok<Snapshot>(await snapshotOf(vm));
    await settled(t);
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    for (const [method, url, payload] of [
      ['GET', `/api/snapshots/${taken.uuid}`, undefined],
      ['POST', `/api/snapshots/${taken.uuid}/restore`, { currentPassword: TEST_PASSWORD }],
      ['DELETE', `/api/snapshots/${taken.uuid}`, { currentPassword: TEST_PASSWORD }],
    ] as const) {
      expect((await t.request(method, url, { token: theirs, body: payload })).statusCode).toBe(404);
    }
    const snapshotOfMine = await t.request('POST', '/api/snapshots', {
      token: theirs,
      body: { name: 'x', vmUuid: vm.uuid },
    });
    expect(body(snapshotOfMine).msg).toBe('VM_NOT_FOUND');
    const list = ok<{ total: number }>(await t.request('GET', '/api/snapshots', { token: theirs }));
    expect(list.total).toBe(0);
  });
});

describe('restoring a snapshot', () => {
  it('needs the password and a stopped VM, holds the VM while it runs, then lets it go', async () => {
    const vm = await stoppedVm('restore-1');
    const taken = ok<Snapshot>(await snapshotOf(vm));
    await settled(t);

    const wrong = await t.request('POST', `/api/snapshots/${taken.uuid}/restore`, {
      token,
      body: { currentPassword: 'not-the-password' },
    });
    expect(body(wrong).msg).toBe('INCORRECT_PASSWORD');

    ok(await t.request('POST', `/api/vms/${vm.uuid}/start`, { token }));
    await settled(t);
    const running = await t.request('POST', `/api/snapshots/${taken.uuid}/restore`, {
      token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(body(running).msg).toBe('VM_NEED_SHUTDOWN');
    expect((await getSnapshot(taken.uuid)).status).toBe(SnapshotStatus.COMPLETED);
    ok(await t.request('POST', `/api/vms/${vm.uuid}/stop`, { token }));
    await settled(t);

    const release = holdCloud(t);
    const restoring = ok<Snapshot>(
      await t.request('POST', `/api/snapshots/${taken.uuid}/restore`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    expect(restoring).toMatchObject({ status: SnapshotStatus.RESTORING, pendingOperation: 'restore' });
    // The VM takes no other change meanwhile, and the snapshot no other action.
    const [held] = await t.db.select().from(vms).where(eq(vms.id, vm.uuid));
    expect(held?.pendingOperation).toBe('restore');
    expect(body(await t.request('POST', `/api/vms/${vm.uuid}/start`, { token })).msg).toBe('VM_STATUS_ERROR');
    const again = await t.request('DELETE', `/api/snapshots/${taken.uuid}`, {
      token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(body(again).msg).toBe('SNAPSHOT_STATUS_ERROR');
    release();
    await settled(t);
    expect(await getSnapshot(taken.uuid)).toMatchObject({
      status: SnapshotStatus.COMPLETED,
      pendingOperation: null,
    });
    const after = ok<Vm>(await t.request('GET', `/api/vms/${vm.uuid}`, { token }));
    expect(after).toMatchObject({ status: VmStatus.STOPPED, pendingOperation: null });
  });

  it('refuses a snapshot still being taken (SNAPSHOT_STATUS_ERROR) and one whose VM is gone', async () => {
    const vm = await stoppedVm('gone-1');
    const [row] = await t.db
      .insert(snapshots)
      .values({
        clientId: tenant.client.id,
        name: 'half-taken',
        vmId: vm.uuid,
        vmName: vm.name,
        templateId: UBUNTU,
        cpuCore: 2,
        ramSize: 4,
        disks: [{ sizeGb: 60, speed: 0, isRoot: true }],
        sizeGb: 60,
        diskQty: 1,
        status: SnapshotStatus.PROCESSING,
        pendingOperation: 'create',
      })
      .returning();
    const restore = (uuid: string) =>
      t.request('POST', `/api/snapshots/${uuid}/restore`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      });
    expect(body(await restore(row!.id)).msg).toBe('SNAPSHOT_STATUS_ERROR');
    expect(
      body(
        await t.request('DELETE', `/api/snapshots/${row!.id}`, {
          token,
          body: { currentPassword: TEST_PASSWORD },
        }),
      ).msg,
    ).toBe('SNAPSHOT_STATUS_ERROR');

    const kept = ok<Snapshot>(await snapshotOf(vm, 'kept'));
    await settled(t);
    ok(await t.request('DELETE', `/api/vms/${vm.uuid}`, { token, body: { currentPassword: TEST_PASSWORD } }));
    await settled(t);
    const orphan = await getSnapshot(kept.uuid);
    expect(orphan).toMatchObject({ vmUuid: null, vmName: 'gone-1', status: SnapshotStatus.COMPLETED });
    expect(body(await restore(kept.uuid)).msg).toBe('VM_NOT_FOUND');
  });
});

describe('a new VM from a snapshot', () => {
  it('starts from the snapshot’s image and disks, never smaller', async () => {
    const vm = await stoppedVm('source-1');
    const release = holdCloud(t);
    const taken = ok<Snapshot>(await snapshotOf(vm));
    const early = await t.request('POST', '/api/vms', {
      token,
      body: newVm({ name: 'copy-0', snapshotUuid: taken.uuid }),
    });
    expect(body(early).msg).toBe('SNAPSHOT_STATUS_ERROR');
    release();
    await settled(t);

    const smaller = await t.request('POST', '/api/vms', {
      token,
      body: newVm({ name: 'copy-1', snapshotUuid: taken.uuid, rootDiskSize: 50, dataDisks: [] }),
    });
    expect(body(smaller).msg).toBe('UNABLE_TO_REDUCE_DISK_SIZE');
    expect(body(smaller).errors).toEqual([
      { path: 'rootDiskSize', message: 'validation.snapshotDiskSize' },
      { path: 'dataDisks', message: 'validation.snapshotDisks' },
    ]);
    const otherImage = await t.request('POST', '/api/vms', {
      token,
      body: newVm({
        name: 'copy-2',
        snapshotUuid: taken.uuid,
        templateUUID: '6a1f0c1e-0000-4000-8000-000000000005',
      }),
    });
    expect(body(otherImage).msg).toBe('TEMPLATEID_IS_ERROR');

    const copy = ok<Vm>(
      await t.request('POST', '/api/vms', {
        token,
        body: newVm({ name: 'copy-3', snapshotUuid: taken.uuid, rootDiskSize: 80, cpuCore: 4, ramSize: 8 }),
      }),
    );
    await settled(t);
    expect(ok<Vm>(await t.request('GET', `/api/vms/${copy.uuid}`, { token }))).toMatchObject({
      status: VmStatus.RUNNING,
      rootDiskSize: 80,
      dataDiskCount: 1,
      cpuCore: 4,
    });
  });

  it('deletes a completed snapshot with the password', async () => {
    const vm = await stoppedVm('del-1');
    const taken = ok<Snapshot>(await snapshotOf(vm));
    await settled(t);
    const deleting = ok<Snapshot>(
      await t.request('DELETE', `/api/snapshots/${taken.uuid}`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    expect(deleting.status).toBe(SnapshotStatus.DELETING);
    await settled(t);
    expect((await t.request('GET', `/api/snapshots/${taken.uuid}`, { token })).statusCode).toBe(404);
  });
});
