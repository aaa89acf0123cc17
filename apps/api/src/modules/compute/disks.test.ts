import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATA_DISK_MAX_GB, DiskStatus, type Disk, type Vm } from '@portal/shared';
import { disks } from '../../db/schema/index.js';
import { body, build, TEST_PASSWORD, type Tenant, type TestApp } from '../../../test/build.js';
import { settled } from '../../../test/operations.js';
import type { Simulator } from '../../cloud/simulator/simulator.js';
import { ON_LIBVIRT } from '../../../test/libvirt-cloud.js';
import { createDefaultNetwork } from './default-network.js';

let t: TestApp;
let tenant: Tenant;
let token: string;
let vm: Vm;

beforeAll(async () => {
  t = await build();
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  const network = await createDefaultNetwork(t.db, tenant.client.id);
  const response = await t.request('POST', '/api/vms', {
    token,
    body: {
      name: 'host',
      templateUUID: '6a1f0c1e-0000-4000-8000-000000000003',
      cpuCore: 2,
      ramSize: 4,
      rootDiskSize: 60,
      vpcUuid: network.vpc.id,
    },
  });
  vm = body<{ data: Vm }>(response).data;
  await settled(t);
});
afterAll(() => t.close());

const createDisk = async (over: Record<string, unknown> = {}) => {
  const response = await t.request('POST', '/api/disks', {
    token,
    body: { diskName: 'data', diskSize: 100, diskSpeed: 0, ...over },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: Disk }>(response).data;
};
const get = async (uuid: string) =>
  body<{ data: Disk }>(await t.request('GET', `/api/disks/${uuid}`, { token })).data;
const link = (uuid: string, vmUuid = vm.uuid) =>
  t.request('POST', `/api/disks/${uuid}/link`, { token, body: { vmUuid } });
/** What the VM's list row says of its disks. */
const vmSummary = async () => {
  const { records } = body<{ data: { records: Vm[] } }>(
    await t.request('GET', `/api/vms?search=${vm.uuid}`, { token }),
  ).data;
  return { rootDiskSize: records[0]?.rootDiskSize, dataDiskCount: records[0]?.dataDiskCount };
};
const vmAction = async (action: string) => {
  await t.request('POST', `/api/vms/${vm.uuid}/${action}`, { token });
  await settled(t);
};

describe('disks', () => {
  it('creates a disk that becomes ready, priced by size and type', async () => {
    const disk = await createDisk({ diskSize: 200, diskSpeed: 1 });
    expect([disk.status, disk.monthlyPrice]).toEqual([DiskStatus.CREATING, '360.0000']);
    await settled(t);
    expect((await get(disk.uuid)).status).toBe(DiskStatus.READY);
  });

  it('links only to a stopped VM, at most three data disks', async () => {
    const first = await createDisk({ diskName: 'd1' });
    await settled(t);
    expect(body(await link(first.uuid)).msg).toBe('VM_NEED_SHUTDOWN');
    await vmAction('stop');
    const attaching = body<{ data: Disk }>(await link(first.uuid)).data;
    expect([attaching.status, attaching.vmUuid]).toEqual([DiskStatus.ATTACHING, vm.uuid]);
    expect(body(await link(first.uuid)).msg).toBe('DISK_ALREADY_HAS_A_VM_ATTACHED');
    await settled(t);
    expect(await get(first.uuid)).toMatchObject({
      status: DiskStatus.READY,
      vmUuid: vm.uuid,
      vmName: 'host',
    });

    const more = [
      await createDisk({ diskName: 'd2' }),
      await createDisk({ diskName: 'd3' }),
      await createDisk({ diskName: 'd4' }),
    ];
    await settled(t);
    expect(body(await link(more[0]!.uuid)).msg).toBeUndefined();
    expect(body(await link(more[1]!.uuid)).msg).toBeUndefined();
    // Two attaches still on their way count: the fourth is refused before they finish.
    expect(body(await link(more[2]!.uuid)).msg).toBe('DISKS_LIMIT_3');
    await settled(t);
    const attached = body<{ data: { total: number } }>(
      await t.request('GET', `/api/disks?vmUuid=${vm.uuid}&attached=yes`, { token }),
    ).data;
    expect(attached.total).toBe(4); // the root disk and three data disks
    // The VM's own row shows them (its summary, kept by triggers on the disks).
    expect(await vmSummary()).toEqual({ rootDiskSize: 60, dataDiskCount: 3 });
  });

  it('unlinks from a stopped VM, never the root disk', async () => {
    const [root] = body<{ data: { records: Disk[] } }>(
      await t.request('GET', `/api/disks?vmUuid=${vm.uuid}&sort=diskSize&orderby=asc&search=host-root`, {
        token,
      }),
    ).data.records;
    expect(body(await t.request('POST', `/api/disks/${root!.uuid}/unlink`, { token })).msg).toBe(
      'NON_REMOVABLE_ROOT_DISK',
    );
    const [data] = body<{ data: { records: Disk[] } }>(
      await t.request('GET', `/api/disks?vmUuid=${vm.uuid}&search=d1`, { token }),
    ).data.records;
    await vmAction('start');
    expect(body(await t.request('POST', `/api/disks/${data!.uuid}/unlink`, { token })).msg).toBe(
      'VM_NEED_SHUTDOWN',
    );
    await vmAction('stop');
    expect(
      body<{ data: Disk }>(await t.request('POST', `/api/disks/${data!.uuid}/unlink`, { token })).data.status,
    ).toBe(DiskStatus.DETACHING);
    await settled(t);
    expect((await get(data!.uuid)).vmUuid).toBeNull();
    expect(await vmSummary()).toEqual({ rootDiskSize: 60, dataDiskCount: 2 });
  });

  it('grows, never shrinks, and keeps the size when the cloud fails', async () => {
    const disk = await createDisk({ diskName: 'grow', diskSize: 100 });
    await settled(t);
    const patch = (b: object) => t.request('PATCH', `/api/disks/${disk.uuid}`, { token, body: b });
    expect(body(await patch({ diskSize: 50 })).msg).toBe('UNABLE_TO_REDUCE_DISK_SIZE');
    expect(body<{ data: Disk }>(await patch({ diskSize: 150 })).data.status).toBe(DiskStatus.RESIZING);
    await settled(t);
    expect((await get(disk.uuid)).diskSize).toBe(150);
    // One change at a time: a disk the cloud is working on takes no other.
    await t.db
      .update(disks)
      .set({ status: DiskStatus.RETYPING, pendingOperation: 'retype' })
      .where(eq(disks.id, disk.uuid));
    expect(body(await patch({ diskSize: 200 })).msg).toBe('DISK_STATUS_ERROR');
    await t.db
      .update(disks)
      .set({ status: DiskStatus.READY, pendingOperation: null })
      .where(eq(disks.id, disk.uuid));
    // The simulator is told to fail; libvirt is asked for more than its pool has.
    if (!ON_LIBVIRT) await (t.app.cloud as Simulator).injectFault('volume.resize', 1, 'storage pool full');
    await patch({ diskSize: ON_LIBVIRT ? DATA_DISK_MAX_GB : 300 });
    await settled(t);
    expect(await get(disk.uuid)).toMatchObject({
      diskSize: 150,
      status: DiskStatus.READY,
      statusReason: 'CLOUD_NO_CAPACITY',
    });
  });

  it('changes the volume type over time and mails the person who asked', async () => {
    const disk = await createDisk({ diskName: 'retype', diskSpeed: 0 });
    await settled(t);
    const response = await t.request('PATCH', `/api/disks/${disk.uuid}`, {
      token,
      body: { diskSpeed: 1 },
      headers: { 'accept-language': 'en' },
    });
    expect(body<{ data: Disk }>(response).data).toMatchObject({
      status: DiskStatus.RETYPING,
      targetSpeed: 1,
      diskSpeed: 0,
    });
    await settled(t);
    expect(await get(disk.uuid)).toMatchObject({ status: DiskStatus.READY, diskSpeed: 1, targetSpeed: null });
    const mail = await t.outbox.last(tenant.root.email!);
    expect(mail.subject).toBe('Disk retype is now HDD');
  });

  it('deletes a free disk with the password; not an attached or root one', async () => {
    const disk = await createDisk({ diskName: 'bin' });
    await settled(t);
    const del = (uuid: string, currentPassword = TEST_PASSWORD) =>
      t.request('DELETE', `/api/disks/${uuid}`, { token, body: { currentPassword } });
    expect(body(await del(disk.uuid, 'nope')).msg).toBe('INCORRECT_PASSWORD');
    expect((await get(disk.uuid)).status).toBe(DiskStatus.READY);
    const [attached] = await t.db.select().from(disks).where(eq(disks.vmId, vm.uuid));
    expect(body(await del(attached!.id)).msg).toMatch(
      /NON_REMOVABLE_ROOT_DISK|DISK_ALREADY_HAS_A_VM_ATTACHED/,
    );
    expect(body<{ data: Disk }>(await del(disk.uuid)).data.status).toBe(DiskStatus.DELETING);
    await settled(t);
    expect((await t.request('GET', `/api/disks/${disk.uuid}`, { token })).statusCode).toBe(404);
  });

  it('is 404 to another tenant and refuses bad sizes', async () => {
    const disk = await createDisk({ diskName: 'private' });
    const stranger = await t.createTenant();
    const theirs = await t.signIn(stranger.root, stranger.client);
    expect((await t.request('GET', `/api/disks/${disk.uuid}`, { token: theirs })).statusCode).toBe(404);
    expect(
      (await t.request('POST', `/api/disks/${disk.uuid}/link`, { token: theirs, body: { vmUuid: vm.uuid } }))
        .statusCode,
    ).toBe(404);
    const bad = await t.request('POST', '/api/disks', { token, body: { diskName: 'x', diskSize: 5 } });
    expect(body(bad).errors).toContainEqual({ path: 'diskSize', message: 'validation.dataDiskSize' });
    // A VM of another tenant cannot be named as the one to attach to.
    const theirVm = await t.request('POST', `/api/disks`, {
      token: theirs,
      body: { diskName: 'x', diskSize: 20, vmUuid: vm.uuid },
    });
    expect(body(theirVm).msg).toBe('VM_NOT_FOUND');
    await settled(t);
  });
});
