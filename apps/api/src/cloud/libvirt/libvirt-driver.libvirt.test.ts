import { randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CloudDriver, ConsoleStream, TaskState } from '../driver.js';
import { createLibvirtDriver } from './libvirt-driver.js';
import { TEST_IMAGES } from '../../../test/libvirt-cloud.js';
import { removeFromLibvirt } from '../../../test/libvirt-leftovers.js';
import { createVirsh } from './virsh.js';

const LIBVIRT = process.env.PORTAL_LIBVIRT_TESTS === '1';
if (!LIBVIRT)
  console.log('libvirt-driver.libvirt.test: skipped (set PORTAL_LIBVIRT_TESTS=1 on a libvirt host)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what it finds
const TERMINAL_CODES = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Types a command on the console and waits for output matching `pattern`, pressing Enter meanwhile. */
async function ask(console: ConsoleStream, seen: { text: string }, command: string, pattern: RegExp) {
  const from = seen.text.length;
  if (command) console.write(`${command}\r`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    // The shell may ask the terminal where its cursor is (ESC [6n) after the prompt.
    const m = seen.text.slice(from).replace(TERMINAL_CODES, '').match(pattern);
    if (m) return m;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${String(pattern)}: ${seen.text.slice(-400)}`);
    if (!command) console.write('\r');
    await sleep(500);
  }
}

describe.skipIf(!LIBVIRT)('the libvirt driver on libvirt (PORTAL_LIBVIRT_TESTS=1)', () => {
  // Made only where the tests run: a skipped block's body still runs, its afterAll does not.
  const work = LIBVIRT ? mkdtempSync(join(tmpdir(), 'libvirt-driver-')) : '';
  // QEMU runs as its own user: it must pass through to the pool and the console socket.
  if (work) chmodSync(work, 0o755);
  // A copy QEMU can read: the checkout may sit where its user cannot pass (a CI clone in /tmp).
  if (LIBVIRT && existsSync(join(TEST_IMAGES, 'tiny/vmlinuz')))
    cpSync(join(TEST_IMAGES, 'tiny'), join(work, 'images/tiny'), { recursive: true });
  const virsh = createVirsh({ uri: process.env.LIBVIRT_URI || 'qemu:///system' });
  const pool = `portal-test-${randomUUID().slice(0, 8)}`;
  const fallback = new Proxy({} as CloudDriver, {
    get: (_, key: string) => (key === 'task' ? async () => ({ state: 'unknown' }) : async () => undefined),
  });
  const driver = createLibvirtDriver({
    virsh,
    clock: { now: () => new Date() },
    fallback,
    pool,
    poolDir: join(work, 'pool'),
    imageDir: join(work, 'images'),
    runDir: work,
    shutdownTimeoutMs: 30_000,
  });
  const serverId = randomUUID();
  const root = randomUUID();
  const data = randomUUID();
  const vpcId = randomUUID();
  let n = 0;
  const finish = async (
    ask: (ref: { operationId: string; clientId: string }) => Promise<void>,
  ): Promise<TaskState> => {
    const ref = { operationId: `t-${++n}`, clientId: 'c' };
    await ask(ref);
    await driver.idle();
    return driver.task(ref.operationId);
  };

  /** The guests of the isolation test, each in its VPC. */
  const neighbours = [randomUUID(), randomUUID(), randomUUID()].map((id, i) => ({
    serverId: id,
    vpcId: i === 0 ? vpcId : `${vpcId}-b`,
  }));

  /** The guests of the firewall test. */
  const filtered: string[] = [];

  afterAll(async () => {
    await removeFromLibvirt(virsh, { serverId, vpcId });
    for (const id of filtered) await removeFromLibvirt(virsh, { serverId: id, vpcId: `${vpcId}-fw` });
    for (const name of [`portal-fw-fw-${vpcId}`, ...filtered.map((id) => `portal-vm-${id}`)])
      await virsh.run(['nwfilter-undefine', name]).catch(() => '');
    for (const guest of neighbours) await removeFromLibvirt(virsh, guest);
    await removeFromLibvirt(virsh, { vpcId, pool });
    rmSync(work, { recursive: true, force: true });
  });

  it('runs a VM of the small image: console, a new disk, metrics, a snapshot, and leaves nothing', async () => {
    expect(
      existsSync(join(TEST_IMAGES, 'tiny/vmlinuz')),
      `no image in ${TEST_IMAGES} (scripts/libvirt/build-guest-image.sh)`,
    ).toBe(true);
    const created = await finish((ref) =>
      driver.createServer(ref, {
        serverId,
        name: 'driver-test',
        cpu: 1,
        ramGb: 0.25,
        imageId: 'no-such-template',
        cidrIpv4: '10.251.7.0/24',
        cidrIpv6: '-1',
        publicIp: false,
        vpcId,
        rootVolume: { volumeId: root, sizeGb: 1, speed: 1 },
        dataVolumes: [],
      }),
    );
    if (created.state === 'failed') throw new Error(created.error);
    expect(created).toMatchObject({ state: 'done', result: { privateIp: '10.251.7.10' } });

    const seen = { text: '' };
    let console = await driver.openConsole(serverId);
    console.onData((d) => (seen.text += d));
    await ask(console, seen, '', /#\s*$/m);
    const [version] = await ask(console, seen, 'uname -r', /\d+\.\d+\.\d+-\d+-cloud-amd64/);
    expect(version).toMatch(/cloud-amd64/);

    await driver.readMetrics([serverId]);
    console.write('i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo busy-done\r');
    await sleep(3000);
    const metrics = (await driver.readMetrics([serverId])).get(serverId);
    expect(metrics?.cpuPct).toBeGreaterThan(20);
    console.close();

    expect((await finish((ref) => driver.stopServer(ref, serverId))).state).toBe('done');
    expect(
      (await finish((ref) => driver.createVolume(ref, { volumeId: data, sizeGb: 1, speed: 1, serverId })))
        .state,
    ).toBe('done');
    expect((await finish((ref) => driver.createSnapshot(ref, 'snap-t', serverId, [root, data]))).state).toBe(
      'done',
    );
    expect((await finish((ref) => driver.startServer(ref, serverId))).state).toBe('done');
    seen.text = '';
    console = await driver.openConsole(serverId);
    console.onData((d) => (seen.text += d));
    await ask(console, seen, '', /#\s*$/m);
    await ask(console, seen, 'cat /proc/partitions', /\bvdb\b/);

    // While the guest runs: its disks copied by QEMU, and its new disk grown, seen at once.
    expect(
      (await finish((ref) => driver.createSnapshot(ref, 'snap-live', serverId, [root, data]))).state,
    ).toBe('done');
    const volumes = (await virsh.run(['vol-list', pool])).split('\n');
    expect(volumes.filter((line) => line.includes('snap-snap-live-'))).toHaveLength(2);
    expect((await finish((ref) => driver.resizeVolume(ref, data, 2))).state).toBe('done');
    await ask(console, seen, 'cat /proc/partitions', /\b2097152\s+vdb\b/);
    console.close();

    expect((await finish((ref) => driver.deleteSnapshot(ref, 'snap-live'))).state).toBe('done');
    expect((await finish((ref) => driver.deleteSnapshot(ref, 'snap-t'))).state).toBe('done');
    expect((await finish((ref) => driver.deleteServer(ref, serverId, [data]))).state).toBe('done');
    expect(await virsh.run(['list', '--all', '--name'])).not.toContain(serverId);
    expect(await virsh.run(['net-list', '--all', '--name'])).not.toContain(vpcId);
    expect((await virsh.run(['vol-list', pool])).trim()).toBe('');
  }, 240_000);

  it("keeps two VPCs of one range apart: a guest reaches its VPC's guests, not the other's", async () => {
    const [a1, b1, b2] = neighbours as [
      (typeof neighbours)[0],
      (typeof neighbours)[0],
      (typeof neighbours)[0],
    ];
    const addresses: string[] = [];
    for (const [i, guest] of [a1, b1, b2].entries()) {
      const made = await finish((ref) =>
        driver.createServer(ref, {
          ...guest,
          name: `net-${i}`,
          cpu: 1,
          ramGb: 0.25,
          imageId: 'tiny',
          cidrIpv4: '10.251.7.0/24',
          cidrIpv6: '-1',
          publicIp: false,
          rootVolume: { volumeId: randomUUID(), sizeGb: 1, speed: 1 },
          dataVolumes: [],
        }),
      );
      if (made.state !== 'done') throw new Error(JSON.stringify(made));
      addresses.push(made.result.privateIp!);
    }
    // One range in both VPCs: the first guest of each has the same address.
    expect(addresses).toEqual(['10.251.7.10', '10.251.7.10', '10.251.7.11']);
    const shell = async (guest: { serverId: string }) => {
      const seen = { text: '' };
      const stream = await driver.openConsole(guest.serverId);
      stream.onData((d) => (seen.text += d));
      await ask(stream, seen, '', /#\s*$/m);
      return {
        ask: (command: string, pattern: RegExp) => ask(stream, seen, command, pattern),
        close: () => stream.close(),
      };
    };
    const b = await shell(b2);
    await b.ask('ip -4 -o addr show eth0', /inet 10\.251\.7\.11\/24/);
    const [reached] = await b.ask('ping -c 2 -W 2 10.251.7.10', /(\d+) packets received/);
    expect(reached).not.toMatch(/^0 packets/);
    b.close();
    const a = await shell(a1);
    const [lost] = await a.ask('ping -c 2 -W 2 10.251.7.11', /(\d+) packets received/);
    expect(lost).toMatch(/^0 packets/);
    a.close();
    for (const guest of [a1, b1, b2])
      expect((await finish((ref) => driver.deleteServer(ref, guest.serverId, []))).state).toBe('done');
    const networks = await virsh.run(['net-list', '--all', '--name']);
    expect(networks).not.toContain(vpcId);
  }, 240_000);

  it('lets in only what the firewall allows, changed at once while the guests run', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    filtered.push(a, b);
    const vpc = `${vpcId}-fw`;
    const ping = { direction: 1, ipVersion: 1, protocol: 3, port: '-1', cidr: '10.251.9.10/32', operate: 0 };
    const ssh = { direction: 1, ipVersion: 1, protocol: 1, port: '22', cidr: '0.0.0.0/0', operate: 0 };
    const out = { direction: 2, ipVersion: 1, protocol: 0, port: 'Any', cidr: '0.0.0.0/0', operate: 0 };
    const firewall = (rules: (typeof ssh)[]) => ({ firewallId: `fw-${vpcId}`, networkId: vpc, rules });
    for (const [serverId, firewalls] of [
      [a, undefined],
      [b, [firewall([ssh, out])]],
    ] as const) {
      const made = await finish((ref) =>
        driver.createServer(ref, {
          serverId,
          name: 'fw',
          cpu: 1,
          ramGb: 0.25,
          imageId: 'tiny',
          cidrIpv4: '10.251.9.0/24',
          cidrIpv6: '-1',
          publicIp: false,
          vpcId: vpc,
          rootVolume: { volumeId: randomUUID(), sizeGb: 1, speed: 1 },
          dataVolumes: [],
          ...(firewalls ? { firewalls: [...firewalls] } : {}),
        }),
      );
      if (made.state !== 'done') throw new Error(JSON.stringify(made));
    }
    const seen = { text: '' };
    const stream = await driver.openConsole(a);
    stream.onData((d) => (seen.text += d));
    await ask(stream, seen, '', /#\s*$/m);
    const replies = async () =>
      (await ask(stream, seen, 'ping -c 2 -W 2 10.251.9.11', /(\d+) packets received/))[1];
    // Only SSH may come in: the ping is dropped.
    expect(await replies()).toBe('0');
    // The firewall now lets the first guest ping: the running guest's filter changes at once.
    expect((await finish((ref) => driver.applyFirewall(ref, firewall([ping, ssh, out])))).state).toBe('done');
    expect(await replies()).not.toBe('0');
    // Without its firewall, nothing comes in.
    expect((await finish((ref) => driver.detachFirewall(ref, `fw-${vpcId}`, b))).state).toBe('done');
    expect(await replies()).toBe('0');
    stream.close();
    for (const serverId of [a, b])
      expect((await finish((ref) => driver.deleteServer(ref, serverId, []))).state).toBe('done');
    expect((await finish((ref) => driver.deleteFirewall(ref, `fw-${vpcId}`))).state).toBe('done');
    expect(await virsh.run(['nwfilter-list'])).not.toContain(vpcId);
  }, 240_000);
});
