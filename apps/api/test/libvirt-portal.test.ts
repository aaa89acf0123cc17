import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DiskStatus, SnapshotStatus, VmStatus, type Disk, type Snapshot, type Vm } from '@portal/shared';
import { createVirsh } from '../src/cloud/libvirt/virsh.js';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { build, ok, TEST_PASSWORD, type TestApp } from './build.js';
import { TEST_IMAGES } from './libvirt-cloud.js';
import { removeFromLibvirt } from './libvirt-leftovers.js';
import { settled } from './operations.js';

const LIBVIRT = process.env.PORTAL_LIBVIRT_TESTS === '1';
if (!LIBVIRT) console.log('libvirt-portal.test: skipped (set PORTAL_LIBVIRT_TESTS=1 on a libvirt host)');
const DEBIAN = '6a1f0c1e-0000-4000-8000-000000000003';
/** Under QEMU's emulation on a loaded host a step takes seconds, a boot tens of them. */
const STEP_MS = 60_000;

/** A terminal on the console socket: what it showed since the last question, and a question. */
async function openTerminal(t: TestApp, base: string, token: string, vmId: string) {
  const ticket = ok<{ ticket: string }>(
    await t.request('POST', `/api/vms/${vmId}/console`, { token }),
  ).ticket;
  const ws = new WebSocket(`${base}/api/vms/${vmId}/console/ws?ticket=${encodeURIComponent(ticket)}`);
  let screen = '';
  ws.on('message', (data: Buffer) => (screen += data.toString('utf8')));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  /** Types the line (Enter alone while `pattern` has not shown) until the screen shows `pattern`. */
  async function ask(line: string, pattern: RegExp): Promise<string> {
    const from = screen.length;
    ws.send(`${line}\r`);
    const deadline = Date.now() + STEP_MS;
    for (;;) {
      const m = screen.slice(from).match(pattern);
      if (m) return m[0];
      if (Date.now() > deadline)
        throw new Error(`no ${String(pattern)} on the console: ${screen.slice(-300)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (line === '') ws.send('\r');
    }
  }
  return { ask, close: () => ws.close() };
}

describe.skipIf(!LIBVIRT)('the portal on the libvirt driver (PORTAL_LIBVIRT_TESTS=1)', () => {
  const virsh = createVirsh({ uri: process.env.LIBVIRT_URI || 'qemu:///system' });
  const pool = `portal-test-${randomUUID().slice(0, 8)}`;
  let t: TestApp;
  let token: string;
  let vpcId: string;
  let base: string;
  let vmId = '';

  beforeAll(async () => {
    // The app's DATA_DIR (build removes it at close), with the small guest image in it.
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    if (existsSync(join(TEST_IMAGES, 'tiny/vmlinuz')))
      cpSync(join(TEST_IMAGES, 'tiny'), join(dataDir, 'libvirt/images/tiny'), { recursive: true });
    t = await build({ config: { cloudDriver: 'libvirt', libvirtPool: pool, libvirtAccel: 'qemu', dataDir } });
    const tenant = await t.signedInTenant();
    token = tenant.token;
    // A range no other network of the host is likely to use.
    vpcId = (await createDefaultNetwork(t.db, tenant.client.id, '10.252.0.0/16')).vpc.id;
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });

  afterAll(async () => {
    await removeFromLibvirt(virsh, { serverId: vmId || undefined, vpcId, pool });
    await t?.close();
  });

  const vm = async () => ok<Vm>(await t.request('GET', `/api/vms/${vmId}`, { token }));
  const act = async (action: string) => {
    ok(await t.request('POST', `/api/vms/${vmId}/${action}`, { token }));
    await settled(t, STEP_MS);
  };
  const state = async () => (await virsh.run(['domstate', vmId])).trim();

  it('runs a VM from a template: console, a new disk, a snapshot restored, all deleted', async () => {
    expect(
      existsSync(join(TEST_IMAGES, 'tiny/vmlinuz')),
      `no image in ${TEST_IMAGES} (build-guest-image.sh)`,
    ).toBe(true);
    const started = Date.now();
    const created = ok<Vm>(
      await t.request('POST', '/api/vms', {
        token,
        body: {
          name: 'lv-test',
          templateUUID: DEBIAN,
          cpuCore: 2,
          ramSize: 4,
          rootDiskSize: 50,
          vpcUuid: vpcId,
        },
      }),
    );
    vmId = created.uuid;
    await settled(t, STEP_MS);
    const running = await vm();
    expect([running.status, running.statusReason]).toEqual([VmStatus.RUNNING, null]);
    expect(running.privateIP).toBe('10.252.0.10');
    expect(await state()).toBe('running');

    let terminal = await openTerminal(t, base, token, vmId);
    await terminal.ask('', /lv-test:\/# /);
    expect(await terminal.ask('uname -r', /\d+\.\d+\.\d+-\d+-cloud-amd64/)).toMatch(/cloud-amd64$/);
    terminal.close();

    await act('stop');
    expect((await vm()).status).toBe(VmStatus.STOPPED);
    expect(await state()).toBe('shut off');

    const disk = ok<Disk>(
      await t.request('POST', '/api/disks', {
        token,
        body: { diskName: 'data', diskSize: 10, diskSpeed: 0 },
      }),
    );
    await settled(t, STEP_MS);
    ok(await t.request('POST', `/api/disks/${disk.uuid}/link`, { token, body: { vmUuid: vmId } }));
    await settled(t, STEP_MS);
    expect(ok<Disk>(await t.request('GET', `/api/disks/${disk.uuid}`, { token }))).toMatchObject({
      status: DiskStatus.READY,
      vmUuid: vmId,
    });
    expect(await virsh.run(['domblklist', vmId])).toMatch(/\bvdb\b/);

    const taken = ok<Snapshot>(
      await t.request('POST', '/api/snapshots', { token, body: { name: 'before', vmUuid: vmId } }),
    );
    await settled(t, STEP_MS);
    const snapshot = () => t.request('GET', `/api/snapshots/${taken.uuid}`, { token });
    expect(ok<Snapshot>(await snapshot()).status).toBe(SnapshotStatus.COMPLETED);
    const copies = (await virsh.run(['vol-list', pool])).split('\n').filter((l) => l.includes(taken.uuid));
    expect(copies).toHaveLength(2); // the root volume and the data volume
    ok(
      await t.request('POST', `/api/snapshots/${taken.uuid}/restore`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    await settled(t, STEP_MS);
    expect(ok<Snapshot>(await snapshot()).status).toBe(SnapshotStatus.COMPLETED);

    await act('start');
    expect((await vm()).status).toBe(VmStatus.RUNNING);
    terminal = await openTerminal(t, base, token, vmId);
    await terminal.ask('', /lv-test:\/# /);
    await terminal.ask('cat /proc/partitions', /\bvdb\b/);
    terminal.close();

    ok(
      await t.request('DELETE', `/api/snapshots/${taken.uuid}`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    await settled(t, STEP_MS);
    ok(
      await t.request('DELETE', `/api/vms/${vmId}`, {
        token,
        body: { currentPassword: TEST_PASSWORD, deleteDataDisks: true },
      }),
    );
    await settled(t, STEP_MS);
    const gone = await t.request('GET', `/api/vms/${vmId}`, { token });
    expect(gone.statusCode, gone.body).toBe(404);
    expect((await t.request('GET', `/api/disks/${disk.uuid}`, { token })).statusCode).toBe(404);

    expect(await virsh.run(['list', '--all', '--name'])).not.toContain(vmId);
    expect((await virsh.run(['vol-list', pool])).trim()).toBe('');
    expect(await virsh.run(['net-list', '--all', '--name'])).not.toContain(vpcId);
    console.log(`libvirt-portal.test: the journey took ${Date.now() - started} ms`);
  }, 180_000);
});
