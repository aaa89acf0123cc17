import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeLibvirt } from '../../../test/fake-libvirt.js';
import type { CloudDriver, ServerSpec, TaskState } from '../driver.js';
import { createLibvirtDriver } from './libvirt-driver.js';

const SERVER = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const ROOT = 'aaaaaaaa-0000-4000-8000-000000000001';
const DATA = 'aaaaaaaa-0000-4000-8000-000000000002';
const VPC = 'bbbbbbbb-0000-4000-8000-000000000001';
const images = mkdtempSync(join(tmpdir(), 'libvirt-images-'));
mkdirSync(join(images, 'tiny'));
writeFileSync(join(images, 'tiny', 'vmlinuz'), '');
afterAll(() => rmSync(images, { recursive: true, force: true }));

const spec = (over: Partial<ServerSpec> = {}): ServerSpec => ({
  serverId: SERVER,
  name: 'web-1',
  cpu: 2,
  ramGb: 1,
  imageId: 'template-1',
  cidrIpv4: '10.0.1.0/24',
  cidrIpv6: '-1',
  publicIp: false,
  vpcId: VPC,
  rootVolume: { volumeId: ROOT, sizeGb: 10, speed: 1 },
  dataVolumes: [{ volumeId: DATA, sizeGb: 20, speed: 1 }],
  ...over,
});

/** A fallback that records what it was handed and knows one task of its own. */
function fallbackDriver() {
  const handed: string[] = [];
  const driver = new Proxy({} as CloudDriver, {
    get: (_, key: string) =>
      key === 'task'
        ? async (id: string): Promise<TaskState> =>
            id === 'sim-op' ? { state: 'done', result: { address: 'sim' } } : { state: 'unknown' }
        : async () => void handed.push(key),
  });
  return { driver, handed };
}

function setup() {
  const libvirt = createFakeLibvirt();
  const fallback = fallbackDriver();
  let now = Date.parse('2026-03-01T00:00:00Z');
  const clock = { now: () => new Date(now) };
  const driver = createLibvirtDriver({
    virsh: libvirt.virsh,
    clock,
    fallback: fallback.driver,
    poolDir: '/pool',
    imageDir: images,
    runDir: '/run/portal',
    shutdownTimeoutMs: 5_000,
    pollMs: 1_000,
    // Time moves as the driver waits, so a guest that ignores a shutdown runs into the timeout.
    sleep: async (ms) => void (now += ms),
  });
  let n = 0;
  const ref = () => ({ operationId: `op-${++n}`, clientId: 'client-1' });
  /** Submits through `ask` and waits for the task's end. */
  const finish = async (ask: (r: ReturnType<typeof ref>) => Promise<void>) => {
    const r = ref();
    await ask(r);
    await driver.idle();
    return driver.task(r.operationId);
  };
  return { libvirt, fallback, driver, ref, finish, advance: (ms: number) => (now += ms) };
}

describe('the libvirt driver', () => {
  it('creates a VM: pool, volumes, network, its address on the command line, defined and started', async () => {
    const { libvirt, driver, finish } = setup();
    const state = await finish((r) => driver.createServer(r, spec()));
    expect(state).toEqual({
      state: 'done',
      result: {
        privateIp: '10.0.1.10',
        publicIp: null,
        ipv6: null,
        host: 'hv-test',
        at: '2026-03-01T00:00:00.000Z',
      },
    });
    expect([...libvirt.volumes]).toEqual([
      [`${ROOT}.qcow2`, 10 * 1024 ** 3],
      [`${DATA}.qcow2`, 20 * 1024 ** 3],
    ]);
    const domain = libvirt.domains.get(SERVER)!;
    expect(domain.state).toBe('running');
    expect(domain.disks.map((d) => d.target)).toEqual(['vda', 'vdb']);
    expect(domain.network).toBe(`vpc-${VPC}`);
    expect(domain.xml).toContain(`<kernel>${images}/tiny/vmlinuz</kernel>`);
    expect(domain.xml).toContain(
      '<cmdline>console=ttyS0 portal.ip=10.0.1.10/24 portal.hostname=web-1</cmdline>',
    );
    expect(domain.xml).toContain(`path='/run/portal/${SERVER}.sock'`);
    expect(libvirt.networks.get(`vpc-${VPC}`)).toMatchObject({ active: true });
  });

  it("gives two VPCs of one range their own networks, each guest an address of its VPC's", async () => {
    const { libvirt, driver, finish } = setup();
    const other = 'bbbbbbbb-0000-4000-8000-000000000002';
    const vm = (n: number, vpcId: string) =>
      spec({
        serverId: `cccccccc-0000-4000-8000-00000000000${n}`,
        vpcId,
        rootVolume: { volumeId: `r${n}`, sizeGb: 10, speed: 1 },
        dataVolumes: [],
      });
    const made = [];
    for (const [n, vpcId] of [
      [1, VPC],
      [2, other],
      [3, VPC],
    ] as const)
      made.push(await finish((r) => driver.createServer(r, vm(n, vpcId))));
    // libvirt would refuse a second network of one range with a host address on both.
    expect(made.map((m) => m.state === 'done' && m.result.privateIp)).toEqual([
      '10.0.1.10',
      '10.0.1.10',
      '10.0.1.11',
    ]);
    expect([...libvirt.networks.values()].map((n) => n.active)).toEqual([true, true]);
    // The first VPC's network stays while a guest is on it.
    await finish((r) => driver.deleteServer(r, vm(1, VPC).serverId, ['r1']));
    expect([...libvirt.networks.keys()]).toEqual([`vpc-${VPC}`, `vpc-${other}`]);
    expect((await finish((r) => driver.createServer(r, vm(4, VPC)))).state === 'done').toBe(true);
    expect(libvirt.domains.get(vm(4, VPC).serverId)!.xml).toContain('portal.ip=10.0.1.10/24');
  });

  it('answers pending while the work runs, then done', async () => {
    const { driver, ref } = setup();
    const r = ref();
    await driver.createServer(r, spec());
    expect((await driver.task(r.operationId)).state).toBe('pending');
    await driver.idle();
    expect((await driver.task(r.operationId)).state).toBe('done');
  });

  it('keeps a customer name that is no hostname off the kernel command line', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec({ name: "x' <y> & z" })));
    const xml = libvirt.domains.get(SERVER)!.xml;
    expect(xml).toContain('<cmdline>console=ttyS0 portal.ip=10.0.1.10/24</cmdline>');
    expect(xml).not.toContain('<y>');
  });

  it('fails the task with virsh words when a step is refused, and the operation keeps them', async () => {
    const { libvirt, driver, finish } = setup();
    libvirt.refuse(
      'start',
      'error: Failed to start domain\nerror: internal error: process exited while connecting to monitor',
    );
    const state = await finish((r) => driver.createServer(r, spec()));
    expect(state.state).toBe('failed');
    expect(state.state === 'failed' && state.error).toMatch(/virsh start .*process exited/s);
  });

  it('refuses a VM larger than the host memory left, before anything is made', async () => {
    const { libvirt, driver, finish } = setup();
    libvirt.host.memory = { total: 4 * 1024 * 1024, free: 3 * 1024 * 1024, buffers: 0, cached: 0 };
    const state = await finish((r) => driver.createServer(r, spec({ ramGb: 4 })));
    expect(state).toEqual({
      state: 'failed',
      error: 'insufficient host memory: 4096 MiB asked, 3072 MiB free',
    });
    expect(libvirt.domains.size).toBe(0);
    expect(libvirt.volumes.size).toBe(0);
  });

  it('refuses a pool of its name that keeps its volumes elsewhere, before any volume is made', async () => {
    const { libvirt, driver, finish } = setup();
    libvirt.definePool('/srv/other-portal/pool');
    expect(await finish((r) => driver.createServer(r, spec()))).toEqual({
      state: 'failed',
      error:
        'storage pool portal keeps its volumes in /srv/other-portal/pool, not in /pool: set LIBVIRT_POOL to a pool of its own',
    });
    expect(libvirt.volumes.size).toBe(0);
  });

  it('refuses volumes larger than the pool has free', async () => {
    const { libvirt, driver, finish } = setup();
    libvirt.host.poolFreeBytes = 25 * 1024 ** 3;
    const state = await finish((r) => driver.createServer(r, spec()));
    expect(state).toEqual({
      state: 'failed',
      error: 'insufficient space in pool portal: 30 GiB asked, 25.0 GiB free',
    });
  });

  it('counts the guests running now against the host memory', async () => {
    const { libvirt, driver, finish } = setup();
    libvirt.host.memory = { total: 4 * 1024 * 1024, free: 4 * 1024 * 1024, buffers: 0, cached: 0 };
    expect((await finish((r) => driver.createServer(r, spec({ ramGb: 2 })))).state).toBe('done');
    const second = await finish((r) =>
      driver.createServer(r, spec({ serverId: 'cccccccc-0000-4000-8000-000000000001', ramGb: 2 })),
    );
    expect(second).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^insufficient host memory/),
    });
  });

  it('asked again after a restart, finds the VM it made and makes nothing twice', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    libvirt.calls.length = 0;
    const again = await finish((r) => driver.createServer(r, spec()));
    expect(again).toMatchObject({ state: 'done', result: { privateIp: '10.0.1.10' } });
    expect(libvirt.commands()).not.toContain('define');
    expect(libvirt.commands()).not.toContain('vol-create');
    expect(libvirt.commands()).not.toContain('start');
  });

  it('answers a task it never ran from the fallback, or unknown', async () => {
    const { driver } = setup();
    expect(await driver.task('sim-op')).toEqual({ state: 'done', result: { address: 'sim' } });
    expect(await driver.task('never')).toEqual({ state: 'unknown' });
  });

  it('stops gracefully, and pulls the plug when the guest ignores the shutdown', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    expect((await finish((r) => driver.stopServer(r, SERVER))).state).toBe('done');
    expect(libvirt.commands()).not.toContain('destroy');
    await finish((r) => driver.startServer(r, SERVER));
    libvirt.ignoreShutdown();
    expect((await finish((r) => driver.stopServer(r, SERVER))).state).toBe('done');
    expect(libvirt.commands().slice(-1)).toEqual(['destroy']);
    expect(libvirt.domains.get(SERVER)!.state).toBe('shut off');
  });

  it('asks again a guest that missed the first shutdown (it was still booting)', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    libvirt.missShutdowns(1);
    expect((await finish((r) => driver.stopServer(r, SERVER))).state).toBe('done');
    expect(libvirt.commands().filter((c) => c === 'shutdown')).toHaveLength(2);
    expect(libvirt.commands()).not.toContain('destroy');
  });

  it('resizes a stopped VM only', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    const refused = await finish((r) => driver.resizeServer(r, SERVER, { cpu: 4, ramGb: 2 }));
    expect(refused).toEqual({ state: 'failed', error: 'server must be stopped to resize' });
    await finish((r) => driver.forceStopServer(r, SERVER));
    expect((await finish((r) => driver.resizeServer(r, SERVER, { cpu: 4, ramGb: 2 }))).state).toBe('done');
    expect(libvirt.domains.get(SERVER)).toMatchObject({ vcpus: 4, memKib: 2 * 1024 * 1024 });
  });

  it('attaches disks asked at once one after the other, each its own device', async () => {
    const { libvirt, driver, ref } = setup();
    await driver.createServer(ref(), spec({ dataVolumes: [] }));
    await driver.idle();
    await driver.forceStopServer(ref(), SERVER);
    await driver.idle();
    const asks = ['v1', 'v2', 'v3'].map((volumeId) => ({ volumeId, r: ref() }));
    for (const { volumeId } of asks) await driver.createVolume(ref(), { volumeId, sizeGb: 1, speed: 1 });
    await driver.idle();
    for (const { volumeId, r } of asks) await driver.attachVolume(r, volumeId, SERVER);
    await driver.idle();
    for (const { r } of asks) expect((await driver.task(r.operationId)).state).toBe('done');
    expect(libvirt.domains.get(SERVER)!.disks.map((d) => d.target)).toEqual(['vda', 'vdb', 'vdc', 'vdd']);
  });

  it('creates, attaches, grows (never shrinks), detaches and deletes a disk', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec({ dataVolumes: [] })));
    await finish((r) => driver.forceStopServer(r, SERVER));
    await finish((r) => driver.createVolume(r, { volumeId: DATA, sizeGb: 5, speed: 1 }));
    await finish((r) => driver.attachVolume(r, DATA, SERVER));
    expect(libvirt.domains.get(SERVER)!.disks).toEqual([
      { target: 'vda', volume: `${ROOT}.qcow2` },
      { target: 'vdb', volume: `${DATA}.qcow2` },
    ]);
    expect((await finish((r) => driver.resizeVolume(r, DATA, 8))).state).toBe('done');
    expect(libvirt.volumes.get(`${DATA}.qcow2`)).toBe(8 * 1024 ** 3);
    expect(libvirt.commands()).toContain('vol-resize');
    // Running, the guest's disk grows through QEMU, which holds the file.
    await finish((r) => driver.startServer(r, SERVER));
    libvirt.calls.length = 0;
    expect((await finish((r) => driver.resizeVolume(r, DATA, 9))).state).toBe('done');
    expect(libvirt.volumes.get(`${DATA}.qcow2`)).toBe(9 * 1024 ** 3);
    expect(libvirt.calls.find((c) => c.args[0] === 'blockresize')?.args).toEqual([
      'blockresize',
      SERVER,
      'vdb',
      `${9 * 1024 ** 3}B`,
    ]);
    expect(libvirt.commands()).not.toContain('vol-resize');
    await finish((r) => driver.forceStopServer(r, SERVER));
    expect(await finish((r) => driver.resizeVolume(r, DATA, 4))).toEqual({
      state: 'failed',
      error: 'invalid size: a volume never shrinks',
    });
    await finish((r) => driver.detachVolume(r, DATA, SERVER));
    expect(libvirt.domains.get(SERVER)!.disks.map((d) => d.target)).toEqual(['vda']);
    await finish((r) => driver.deleteVolume(r, DATA));
    expect(libvirt.volumes.has(`${DATA}.qcow2`)).toBe(false);
  });

  it("snapshots a running VM through QEMU's backup, each disk into a file of the pool", async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    libvirt.calls.length = 0;
    expect((await finish((r) => driver.createSnapshot(r, 'snap-1', SERVER, [DATA, ROOT]))).state).toBe(
      'done',
    );
    const backup = libvirt.calls.find((c) => c.args[0] === 'backup-begin')!;
    expect(backup.input).toContain(
      `<disk name='vda' type='file'><target file='/pool/snap-snap-1-0-${ROOT}.qcow2'/>`,
    );
    expect(backup.input).toContain(
      `<disk name='vdb' type='file'><target file='/pool/snap-snap-1-1-${DATA}.qcow2'/>`,
    );
    expect(libvirt.commands()).not.toContain('vol-clone');
    expect(libvirt.domains.get(SERVER)!.state).toBe('running');
    expect([...libvirt.volumes.keys()].filter((n) => n.startsWith('snap-'))).toEqual([
      `snap-snap-1-0-${ROOT}.qcow2`,
      `snap-snap-1-1-${DATA}.qcow2`,
    ]);
    // Taken again (a retry after a crash), the copies are made anew, not kept half-written.
    expect((await finish((r) => driver.createSnapshot(r, 'snap-1', SERVER, [DATA, ROOT]))).state).toBe(
      'done',
    );
    expect(libvirt.calls.filter((c) => c.args[0] === 'vol-delete')).toHaveLength(2);
  });

  it('snapshots a stopped VM, restores it, makes a VM from it, deletes it', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    expect(await finish((r) => driver.restoreSnapshot(r, 'snap-1', SERVER))).toEqual({
      state: 'failed',
      error: 'server must be stopped to restore',
    });
    await finish((r) => driver.stopServer(r, SERVER));
    expect((await finish((r) => driver.createSnapshot(r, 'snap-1', SERVER, [DATA, ROOT]))).state).toBe(
      'done',
    );
    // The root first, whatever order the volumes were named in.
    expect([...libvirt.volumes.keys()].filter((n) => n.startsWith('snap-'))).toEqual([
      `snap-snap-1-0-${ROOT}.qcow2`,
      `snap-snap-1-1-${DATA}.qcow2`,
    ]);
    expect((await finish((r) => driver.restoreSnapshot(r, 'snap-1', SERVER))).state).toBe('done');
    const copy = 'dddddddd-0000-4000-8000-000000000001';
    const made = await finish((r) =>
      driver.createServer(
        r,
        spec({
          serverId: copy,
          rootVolume: { volumeId: 'r2', sizeGb: 10, speed: 1 },
          dataVolumes: [{ volumeId: 'd2', sizeGb: 20, speed: 1 }],
          fromSnapshotId: 'snap-1',
        }),
      ),
    );
    expect(made).toMatchObject({ state: 'done', result: { privateIp: '10.0.1.11' } });
    expect(
      libvirt.calls.filter((c) => c.args[0] === 'vol-clone').map((c) => c.args.slice(1, 3)),
    ).toContainEqual([`snap-snap-1-0-${ROOT}.qcow2`, 'r2.qcow2']);
    await finish((r) => driver.deleteSnapshot(r, 'snap-1'));
    expect([...libvirt.volumes.keys()].some((n) => n.startsWith('snap-'))).toBe(false);
  });

  it('deletes a VM with its volumes and, the last one gone, its network', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    // As the portal asks: the root volume among the volumes named.
    expect(await finish((r) => driver.deleteServer(r, SERVER, [ROOT, DATA]))).toMatchObject({
      state: 'done',
    });
    expect(libvirt.domains.size).toBe(0);
    expect(libvirt.volumes.size).toBe(0);
    expect(libvirt.networks.size).toBe(0);
    // Asked again (a restart), it finds nothing left to do.
    expect((await finish((r) => driver.deleteServer(r, SERVER, [DATA]))).state).toBe('done');
  });

  it("filters a server's interface with its firewalls, changed as they are applied, attached, detached", async () => {
    const { libvirt, driver, finish } = setup();
    const ssh = { direction: 1, ipVersion: 1, protocol: 1, port: '22', cidr: '0.0.0.0/0', operate: 0 };
    const web = { ...ssh, port: '80' };
    await finish((r) =>
      driver.createServer(r, spec({ firewalls: [{ firewallId: 'fw1', networkId: VPC, rules: [ssh] }] })),
    );
    expect(libvirt.domains.get(SERVER)!.xml).toContain(`<filterref filter='portal-vm-${SERVER}'/>`);
    expect(libvirt.filters.get(`portal-vm-${SERVER}`)).toContain("<filterref filter='portal-fw-fw1'/>");
    expect(libvirt.filters.get('portal-fw-fw1')).toContain("dstportstart='22'");

    await finish((r) => driver.applyFirewall(r, { firewallId: 'fw1', networkId: VPC, rules: [ssh, web] }));
    expect(libvirt.filters.get('portal-fw-fw1')).toContain("dstportstart='80'");
    await finish((r) =>
      driver.attachFirewall(r, 'fw2', SERVER, { firewallId: 'fw2', networkId: VPC, rules: [web] }),
    );
    expect(libvirt.filters.get(`portal-vm-${SERVER}`)).toMatch(
      /portal-fw-fw1'\/>\s*<filterref filter='portal-fw-fw2'/,
    );
    await finish((r) => driver.detachFirewall(r, 'fw1', SERVER));
    expect(libvirt.filters.get(`portal-vm-${SERVER}`)).not.toContain('portal-fw-fw1');
    await finish((r) => driver.deleteFirewall(r, 'fw1'));
    expect(libvirt.filters.has('portal-fw-fw1')).toBe(false);
    await finish((r) => driver.deleteServer(r, SERVER, [ROOT, DATA]));
    expect(libvirt.filters.has(`portal-vm-${SERVER}`)).toBe(false);
  });

  it('leaves a server made without filters unfiltered', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    expect(libvirt.domains.get(SERVER)!.xml).not.toContain('<filterref');
    expect((await finish((r) => driver.attachFirewall(r, 'fw1', SERVER))).state).toBe('done');
    expect(libvirt.filters.size).toBe(0);
  });

  it('hands the private network objects to the fallback', async () => {
    const { driver, fallback, ref } = setup();
    await driver.createNetwork(ref(), {
      networkId: 'n',
      cidrIpv4: '10.0.0.0/16',
      bandwidthLimit: 1,
      routeLevel: 1,
      chargeMode: 1,
    });
    expect(fallback.handed).toEqual(['createNetwork']);
  });

  it('reads metrics between two samples; a guest seen first, or not running, has none', async () => {
    const { libvirt, driver, advance } = setup();
    const stats = (cpuNs: number) =>
      `Domain: '${SERVER}'\n  cpu.time=${cpuNs}\n  vcpu.current=1\n  balloon.available=1000\n  balloon.unused=250\n`;
    libvirt.host.domstats = stats(1e9);
    expect(await driver.readMetrics([SERVER, 'other'])).toEqual(new Map());
    advance(60_000);
    libvirt.host.domstats = stats(31e9);
    const readings = await driver.readMetrics([SERVER, 'other']);
    expect([...readings.keys()]).toEqual([SERVER]);
    expect(readings.get(SERVER)).toMatchObject({ cpuPct: 50, memPct: 75 });
    expect(libvirt.calls.at(-1)!.args).toContain('--list-running');
  });

  it('refuses a console of a VM that is not running', async () => {
    const { driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    await finish((r) => driver.forceStopServer(r, SERVER));
    await expect(driver.openConsole(SERVER)).rejects.toThrow('server is not running');
    await expect(driver.openConsole('nope')).rejects.toThrow('server is not running');
  });
});

describe('the libvirt driver, asked how its servers stand', () => {
  it('answers from one `virsh list --all`: running, stopped, crashed as error, unknown as missing', async () => {
    const { libvirt, driver, finish } = setup();
    await finish((r) => driver.createServer(r, spec()));
    const OTHER = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f61';
    await finish((r) =>
      driver.createServer(
        r,
        spec({ serverId: OTHER, rootVolume: { volumeId: OTHER, sizeGb: 1, speed: 1 }, dataVolumes: [] }),
      ),
    );
    const GONE = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f62';
    const ask = () => driver.serverStates([SERVER, OTHER, GONE]);
    expect(Object.fromEntries(await ask())).toEqual({
      [SERVER]: 'running',
      [OTHER]: 'running',
      [GONE]: 'missing',
    });
    // The guest powers itself off; the other crashes.
    libvirt.domains.get(SERVER)!.state = 'shut off';
    libvirt.domains.get(OTHER)!.state = 'crashed';
    const before = libvirt.calls.length;
    expect(Object.fromEntries(await ask())).toEqual({
      [SERVER]: 'stopped',
      [OTHER]: 'error',
      [GONE]: 'missing',
    });
    expect(libvirt.calls.slice(before).map((c) => c.args)).toEqual([['list', '--all']]);
  });
});
