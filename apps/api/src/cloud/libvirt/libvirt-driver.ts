import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../platform/clock.js';
import type { CloudDriver, OperationRef, ServerMetrics, ServerSpec, TaskResult } from '../driver.js';
import { parseDomainList } from './domain-state.js';
import { domainXml, diskTarget, diskXml, macOf, type GuestImage } from './domain-xml.js';
import { countersOf, metricsBetween, parseDomstats, type DomainCounters } from './domstats.js';
import { createLibvirtHost, type AttachedDisk } from './libvirt-host.js';
import { guestAddressArg, networkName } from './network-xml.js';
import { openSerialSocket } from './serial-socket.js';
import { serverFilterName } from './filter-xml.js';
import { createFilters } from './filters.js';
import { createTaskBook } from './task-book.js';
import { oneAtATime } from './one-at-a-time.js';
import { numbersOf } from './host-capacity.js';
import { VIRSH_INPUT, type Virsh } from './virsh.js';
import { backupXml, snapshotVolumeName, snapshotVolumes, volumeName } from './volume-xml.js';

export interface LibvirtDriverOptions {
  virsh: Virsh;
  clock: Clock;
  /** What this driver does not run on the host (networks, firewalls, load balancers, exchanges, clusters). */
  fallback: CloudDriver;
  /** The storage pool's name and directory (defined on first use). */
  pool?: string;
  poolDir: string;
  /**
   * Guest images: `<imageDir>/<templateId>/` with `vmlinuz`, `initrd.img` and optionally `cmdline`;
   * a template without its own directory boots `<imageDir>/tiny/` (scripts/libvirt/build-guest-image.sh).
   */
  imageDir: string;
  /** Where QEMU puts each guest's console socket (`<runDir>/<serverId>.sock`). */
  runDir: string;
  /**
   * `kvm` only where a start-up probe proved a guest boots on it; QEMU's emulation otherwise. A
   * promise while the probe runs: the first launch waits for its answer.
   */
  accel?: 'qemu' | 'kvm' | Promise<'qemu' | 'kvm'>;
  /** How long a stop waits for the guest to power off before pulling the plug. */
  shutdownTimeoutMs?: number;
  /** How often a running task and a stopping guest are looked at (500 ms). */
  pollMs?: number;
  /** Memory the host keeps for itself. */
  hostReserveMb?: number;
  /** How far the guests' memory may exceed the host's (LIBVIRT_RAM_ALLOCATION_RATIO; 1: not at all). */
  ramAllocationRatio?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** A name the kernel's command line may carry as it is (anything else is left out). */
const HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A cloud of one host: the VMs, disks and snapshots run on QEMU through libvirt (`virsh`); the
 * private network's other objects stay with `fallback` (the simulator). Every change runs at once
 * in the background (task-book.ts), each written to be run again after a crash. Names in libvirt
 * are the portal's ids; nothing a customer typed reaches it.
 */
export function createLibvirtDriver(options: LibvirtDriverOptions): CloudDriver & { idle(): Promise<void> } {
  const { virsh, clock, fallback } = options;
  const pool = options.pool ?? 'portal';
  const pollMs = options.pollMs ?? 500;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 60_000;
  const sleep = options.sleep ?? wait;
  const host = createLibvirtHost({
    virsh,
    pool,
    poolDir: options.poolDir,
    reserveMb: options.hostReserveMb ?? 512,
    ramAllocationRatio: options.ramAllocationRatio ?? 1,
  });
  const tasks = createTaskBook(clock, pollMs);
  const filters = createFilters(virsh);
  const counters = new Map<string, DomainCounters>();
  let hostName: string | null = null;

  const at = () => clock.now().toISOString();
  const submit = (op: OperationRef, work: () => Promise<TaskResult>) => {
    tasks.run(op.operationId, work);
    return Promise.resolve();
  };
  const consoleSocket = (serverId: string) => join(options.runDir, `${serverId}.sock`);

  /**
   * The template's image; the guest takes its address from the command line, and the server's
   * name as its hostname when it is one.
   */
  function imageOf(imageId: string, name: string | undefined, addressArg: string): GuestImage {
    const own = join(options.imageDir, imageId);
    const dir = existsSync(join(own, 'vmlinuz')) ? own : join(options.imageDir, 'tiny');
    const cmdlineFile = join(dir, 'cmdline');
    return {
      kernel: join(dir, 'vmlinuz'),
      initrd: join(dir, 'initrd.img'),
      cmdline: [
        existsSync(cmdlineFile) ? readFileSync(cmdlineFile, 'utf8').trim() : 'console=ttyS0',
        addressArg,
        ...(name && HOSTNAME.test(name) ? [`portal.hostname=${name}`] : []),
      ].join(' '),
    };
  }

  async function existing(serverId: string) {
    const power = await host.power(serverId);
    if (power === null) throw new Error(`server not found: ${serverId}`);
    return power;
  }

  async function hostname() {
    hostName ??= (await virsh.run(['hostname'])).trim();
    return hostName;
  }

  async function start(serverId: string, ramGb: number | null) {
    if (ramGb !== null) {
      const refusal = await host.memoryRefusalFor(ramGb);
      if (refusal) throw new Error(refusal);
    }
    await virsh.run(['start', serverId]);
  }

  /**
   * Asks the guest to power off, again at each look (a guest that just booted may not listen for
   * the power button yet, and misses the first press), and pulls the plug when it has not after
   * the timeout. The time is counted in waits, not read off the portal's clock: the guest runs on
   * real time whatever a test's clock says.
   */
  async function stop(serverId: string) {
    if ((await existing(serverId)) !== 'running') return;
    for (let waited = 0; waited < shutdownTimeoutMs; waited += pollMs) {
      await virsh.run(['shutdown', serverId]).catch(() => undefined);
      await sleep(pollMs);
      if ((await host.power(serverId)) !== 'running') return;
    }
    await destroy(serverId);
  }

  async function destroy(serverId: string) {
    await virsh.run(['destroy', serverId]).catch((error: unknown) => {
      if (!/not running/i.test(String(error))) throw error;
    });
  }

  async function memoryOf(serverId: string): Promise<number> {
    const kib = numbersOf(await virsh.run(['dominfo', serverId])).get('max memory') ?? 0;
    return kib / 1024 / 1024;
  }

  async function mustBeStopped(serverId: string, what: string) {
    if ((await existing(serverId)) === 'running') throw new Error(`server must be stopped to ${what}`);
  }

  async function createServer(spec: ServerSpec): Promise<TaskResult> {
    const id = spec.serverId;
    const network = networkName(spec.vpcId ?? spec.cidrIpv4.replace(/[./]/g, '-'));
    const mac = macOf(id);
    const volumes = [spec.rootVolume, ...spec.dataVolumes];
    if ((await host.power(id)) === null) {
      await host.ensurePool();
      const refusal =
        (await host.memoryRefusalFor(spec.ramGb)) ??
        (await host.diskRefusalFor(volumes.reduce((sum, v) => sum + v.sizeGb, 0)));
      if (refusal) throw new Error(refusal);
      const names = await host.volumeNames();
      const copies = spec.fromSnapshotId ? snapshotVolumes(spec.fromSnapshotId, [...names]) : [];
      if (spec.fromSnapshotId && copies.length === 0)
        throw new Error(`snapshot not found: ${spec.fromSnapshotId}`);
      for (const [i, volume] of volumes.entries()) {
        const copy = copies[i];
        if (copy && !names.has(volumeName(volume.volumeId)))
          await virsh.run(['vol-clone', copy.name, volumeName(volume.volumeId), '--pool', pool]);
        else await host.createVolume(volume.volumeId, volume.sizeGb, names);
      }
    }
    const accel = (await options.accel) ?? 'qemu';
    // The firewalls first: the guest's interface is filtered from its first packet.
    if (spec.firewalls) await filters.defineServer(id, spec.firewalls);
    // The address is chosen and the domain defined in one step (an existing one keeps its own).
    const privateIp = await host.joinNetwork({ name: network, cidrIpv4: spec.cidrIpv4 }, id, (address) =>
      virsh
        .run(['define', VIRSH_INPUT], {
          input: domainXml({
            serverId: id,
            cpu: spec.cpu,
            ramGb: spec.ramGb,
            accel,
            image: imageOf(spec.imageId, spec.name, guestAddressArg(address, spec.cidrIpv4)),
            pool,
            volumeIds: volumes.map((v) => v.volumeId),
            network,
            mac,
            consoleSocket: consoleSocket(id),
            ...(spec.firewalls ? { filter: serverFilterName(id) } : {}),
          }),
        })
        .then(() => undefined),
    );
    if ((await host.power(id)) !== 'running') await start(id, null);
    // One host, no public addresses of its own and no route out of a VPC (decision 0037).
    return { privateIp, publicIp: null, ipv6: null, host: await hostname(), at: at() };
  }

  /** The volumes named (the portal names the root among them) and the domain's root, each once. */
  async function deleteServer(serverId: string, volumeIds: string[]): Promise<TaskResult> {
    const power = await host.power(serverId);
    const names = await host.volumeNames().catch(() => new Set<string>());
    const doomed = new Set(volumeIds.map(volumeName));
    if (power !== null) {
      const root = (await host.disks(serverId))[0];
      const nic = await host.nic(serverId);
      if (power === 'running') await destroy(serverId);
      const undefine = () => virsh.run(['undefine', serverId]).then(() => undefined);
      if (nic) await host.leaveNetwork(nic.network, undefine);
      else await undefine();
      await filters.removeServer(serverId);
      if (root) doomed.add(root.source.split('/').pop()!);
    }
    for (const name of doomed) await host.deleteVolume(name, names);
    return { at: at() };
  }

  /**
   * One change of a domain's devices at a time: two attaches at once would both pick the first
   * free device name, and the second would fail on it.
   */
  const devicesOf = oneAtATime();
  const attach = (volumeId: string, serverId: string) =>
    devicesOf(serverId, () => attachNow(volumeId, serverId));
  const detach = (volumeId: string, serverId: string) =>
    devicesOf(serverId, () => detachNow(volumeId, serverId));

  async function attachNow(volumeId: string, serverId: string): Promise<TaskResult> {
    await existing(serverId);
    const disks = await host.disks(serverId);
    if (disks.some((d) => d.source.endsWith(volumeName(volumeId)))) return {};
    const taken = new Set(disks.map((d) => d.target));
    let index = 0;
    while (taken.has(diskTarget(index))) index++;
    // In the domain's definition: the guest sees the disk from its next boot (it is stopped now).
    await virsh.run(['attach-device', serverId, VIRSH_INPUT, '--config'], {
      input: diskXml(pool, volumeId, diskTarget(index)),
    });
    return {};
  }

  async function detachNow(volumeId: string, serverId: string): Promise<TaskResult> {
    if ((await host.power(serverId)) === null) return {};
    const disk = (await host.disks(serverId)).find((d) => d.source.endsWith(volumeName(volumeId)));
    if (disk) await virsh.run(['detach-disk', serverId, disk.target, '--config']);
    return {};
  }

  async function resizeVolume(volumeId: string, sizeGb: number): Promise<TaskResult> {
    const info = numbersOf(await virsh.run(['vol-info', volumeName(volumeId), '--pool', pool, '--bytes']));
    const bytes = sizeGb * 1024 ** 3;
    const capacity = info.get('capacity') ?? 0;
    if (bytes < capacity) throw new Error('invalid size: a volume never shrinks');
    if (bytes > capacity) {
      const refusal = await host.diskRefusalFor((bytes - capacity) / 1024 ** 3);
      if (refusal) throw new Error(refusal);
      // A running guest's disk grows through QEMU, which holds the file (the guest sees it at
      // once); any other through libvirt's pool.
      const holder = await runningHolder(volumeId);
      if (holder) await virsh.run(['blockresize', holder.serverId, holder.target, `${bytes}B`]);
      else await virsh.run(['vol-resize', volumeName(volumeId), String(bytes), '--pool', pool]);
    }
    return {};
  }

  /** The running domain the volume is attached to, and its device there; null when none runs it. */
  async function runningHolder(volumeId: string): Promise<{ serverId: string; target: string } | null> {
    const running = (await virsh.run(['list', '--name'])).split('\n').map((n) => n.trim());
    for (const serverId of running.filter(Boolean)) {
      const disk = (await host.disks(serverId)).find((d) => d.source.endsWith(volumeName(volumeId)));
      if (disk) return { serverId, target: disk.target };
    }
    return null;
  }

  /**
   * A snapshot is a full copy of each volume in the pool, not a qcow2 internal snapshot: it
   * outlives its volume and its VM, and a VM made from it is a plain clone. A stopped VM's
   * volumes are copied by libvirt (`vol-clone`); a running VM's by QEMU while the guest runs
   * (`backupRunning`). The price is the copy's time and space, which sparse volumes keep small.
   */
  async function createSnapshot(
    snapshotId: string,
    serverId: string,
    volumeIds: string[],
  ): Promise<TaskResult> {
    const power = await existing(serverId);
    const names = await host.volumeNames();
    const attached = await host.disks(serverId);
    const files = attached.map((d) => d.source.split('/').pop()!);
    // The root first, then the data volumes as the guest sees them.
    const ordered = [...volumeIds].sort((a, b) => rank(files, volumeName(a)) - rank(files, volumeName(b)));
    for (const volumeId of ordered)
      if (!names.has(volumeName(volumeId))) throw new Error(`volume not found: ${volumeId}`);
    const copies = ordered.map((volumeId, i) => ({
      volumeId,
      copy: snapshotVolumeName(snapshotId, i, volumeId),
    }));
    if (power === 'running') await backupRunning(serverId, attached, copies, names);
    else
      for (const { volumeId, copy } of copies)
        if (!names.has(copy)) await virsh.run(['vol-clone', volumeName(volumeId), copy, '--pool', pool]);
    return { at: at() };
  }

  /**
   * QEMU copies the running guest's disks as they stand at the start (`backup-begin`), the guest
   * running on meanwhile; the driver waits for libvirt to report the job completed. Copies an
   * interrupted run left may be partial: they are made again.
   */
  async function backupRunning(
    serverId: string,
    attached: AttachedDisk[],
    copies: { volumeId: string; copy: string }[],
    names: Set<string>,
  ) {
    if (/^Operation:\s*Backup/m.test(await virsh.run(['domjobinfo', serverId])))
      await virsh.run(['domjobabort', serverId]);
    for (const { copy } of copies) await host.deleteVolume(copy, names);
    const targets = copies.map(({ volumeId, copy }) => ({
      target: attached.find((d) => d.source.endsWith(volumeName(volumeId)))!.target,
      file: join(options.poolDir, copy),
    }));
    const others = attached.map((d) => d.target).filter((t) => !targets.some((c) => c.target === t));
    await virsh.run(['backup-begin', serverId, VIRSH_INPUT], { input: backupXml(targets, others) });
    while (jobType(await virsh.run(['domjobinfo', serverId])) !== 'None') await sleep(pollMs);
    const done = await virsh.run(['domjobinfo', serverId, '--completed']);
    if (!/^Operation:\s*Backup/m.test(done) || jobType(done) !== 'Completed')
      throw new Error(`the copy of the running server's disks did not complete: ${done.trim()}`);
    // The copies are files QEMU wrote in the pool's directory: libvirt lists them once it looks.
    await virsh.run(['pool-refresh', pool]);
  }

  async function restoreSnapshot(snapshotId: string, serverId: string): Promise<TaskResult> {
    await mustBeStopped(serverId, 'restore');
    const names = await host.volumeNames();
    const copies = snapshotVolumes(snapshotId, [...names]);
    if (copies.length === 0) throw new Error(`snapshot not found: ${snapshotId}`);
    const attached = new Set((await host.disks(serverId)).map((d) => d.source.split('/').pop()!));
    // Only the volumes the server still has: a deleted data volume does not come back.
    for (const copy of copies.filter((c) => attached.has(volumeName(c.volumeId)))) {
      await host.deleteVolume(volumeName(copy.volumeId), names);
      await virsh.run(['vol-clone', copy.name, volumeName(copy.volumeId), '--pool', pool]);
    }
    return { at: at() };
  }

  async function deleteSnapshot(snapshotId: string): Promise<TaskResult> {
    const names = await host.volumeNames();
    for (const copy of snapshotVolumes(snapshotId, [...names])) await host.deleteVolume(copy.name, names);
    return {};
  }

  /** The running guests' readings since the last call; a guest seen for the first time has none yet. */
  async function readMetrics(serverIds: string[]): Promise<Map<string, ServerMetrics>> {
    const readings = new Map<string, ServerMetrics>();
    if (serverIds.length === 0) return readings;
    const output = await virsh.run([
      'domstats',
      '--raw',
      '--cpu-total',
      '--balloon',
      '--vcpu',
      '--block',
      '--interface',
      '--list-running',
    ]);
    const stats = parseDomstats(output);
    const now = clock.now().getTime();
    for (const id of serverIds) {
      const fields = stats.get(id);
      if (!fields) {
        counters.delete(id);
        continue;
      }
      const after = countersOf(fields, now);
      const before = counters.get(id);
      counters.set(id, after);
      const reading = before && metricsBetween(before, after);
      if (reading) readings.set(id, reading);
    }
    return readings;
  }

  return {
    createServer: (ref, spec) => submit(ref, () => createServer(spec)),
    startServer: (ref, id) =>
      submit(ref, async () => {
        if ((await existing(id)) !== 'running') await start(id, await memoryOf(id));
        return { at: at() };
      }),
    stopServer: (ref, id) => submit(ref, async () => (await stop(id), { at: at() })),
    forceStopServer: (ref, id) =>
      submit(ref, async () => {
        if ((await existing(id)) === 'running') await destroy(id);
        return { at: at() };
      }),
    // A stop (graceful, or forced after the timeout) and a start: libvirt's `reboot` gives no sign
    // of when the guest is back, and one that ignores ACPI would never reboot at all.
    rebootServer: (ref, id) =>
      submit(ref, async () => {
        if ((await existing(id)) !== 'running') throw new Error('server is not running');
        await stop(id);
        await start(id, null);
        return { at: at() };
      }),
    // libvirt's own setters on the stopped domain's definition (`--config`): the maximum first,
    // which also lowers the current figure when it shrinks, then the current figure.
    resizeServer: (ref, id, size) =>
      submit(ref, async () => {
        await mustBeStopped(id, 'resize');
        const kib = String(Math.round(size.ramGb * 1024 * 1024));
        await virsh.run(['setvcpus', id, String(size.cpu), '--config', '--maximum']);
        await virsh.run(['setvcpus', id, String(size.cpu), '--config']);
        await virsh.run(['setmaxmem', id, kib, '--config']);
        await virsh.run(['setmem', id, kib, '--config']);
        return {};
      }),
    deleteServer: (ref, id, volumeIds) => submit(ref, () => deleteServer(id, volumeIds)),

    createVolume: (ref, spec) =>
      submit(ref, async () => {
        await host.ensurePool();
        const names = await host.volumeNames();
        if (!names.has(volumeName(spec.volumeId))) {
          const refusal = await host.diskRefusalFor(spec.sizeGb);
          if (refusal) throw new Error(refusal);
          await host.createVolume(spec.volumeId, spec.sizeGb, names);
        }
        if (spec.serverId) await attach(spec.volumeId, spec.serverId);
        return {};
      }),
    attachVolume: (ref, volumeId, serverId) => submit(ref, () => attach(volumeId, serverId)),
    detachVolume: (ref, volumeId, serverId) => submit(ref, () => detach(volumeId, serverId)),
    resizeVolume: (ref, volumeId, sizeGb) => submit(ref, () => resizeVolume(volumeId, sizeGb)),
    // One host has one kind of disk: a type change is the portal's record only.
    retypeVolume: (ref) => submit(ref, async () => ({})),
    deleteVolume: (ref, volumeId) =>
      submit(ref, async () => {
        await host.deleteVolume(volumeName(volumeId), await host.volumeNames());
        return {};
      }),
    updateInterface: (ref, serverId, change) => fallback.updateInterface(ref, serverId, change),

    createSnapshot: (ref, snapshotId, serverId, volumeIds) =>
      submit(ref, () => createSnapshot(snapshotId, serverId, volumeIds)),
    restoreSnapshot: (ref, snapshotId, serverId) => submit(ref, () => restoreSnapshot(snapshotId, serverId)),
    deleteSnapshot: (ref, snapshotId) => submit(ref, () => deleteSnapshot(snapshotId)),

    createNetwork: (ref, spec) => fallback.createNetwork(ref, spec),
    updateNetwork: (ref, spec) => fallback.updateNetwork(ref, spec),
    setRoutes: (ref, networkId, routes) => fallback.setRoutes(ref, networkId, routes),
    deleteNetwork: (ref, networkId) => fallback.deleteNetwork(ref, networkId),
    // Firewalls are network filters on the guests' interfaces (filters.ts).
    applyFirewall: (ref, spec) => submit(ref, async () => (await filters.defineFirewall(spec), {})),
    deleteFirewall: (ref, id) => submit(ref, async () => (await filters.removeFirewall(id), {})),
    attachFirewall: (ref, id, serverId, spec) =>
      submit(ref, async () => {
        if (spec) await filters.defineFirewall(spec);
        await filters.changeServer(serverId, id, true);
        return {};
      }),
    detachFirewall: (ref, id, serverId) =>
      submit(ref, async () => (await filters.changeServer(serverId, id, false), {})),
    applyLoadBalancer: (ref, spec) => fallback.applyLoadBalancer(ref, spec),
    deleteLoadBalancer: (ref, id) => fallback.deleteLoadBalancer(ref, id),
    orderExchange: (ref, spec) => fallback.orderExchange(ref, spec),
    deleteExchange: (ref, id) => fallback.deleteExchange(ref, id),
    createCluster: (ref, spec) => fallback.createCluster(ref, spec),
    scaleCluster: (ref, id, nodeCount) => fallback.scaleCluster(ref, id, nodeCount),
    deleteCluster: (ref, id) => fallback.deleteCluster(ref, id),

    // Ours while this process knows it; else the fallback's, whose tasks live in the database; else
    // unknown, and the operation asks again (the work finds what an earlier run did).
    task: async (operationId) => tasks.get(operationId) ?? fallback.task(operationId),

    openConsole: async (serverId) => {
      if ((await host.power(serverId)) !== 'running') throw new Error('server is not running');
      return openSerialSocket(consoleSocket(serverId));
    },
    readMetrics,
    // One `virsh list --all` for the batch (domain-state.ts words its states); a name libvirt does
    // not list is missing.
    serverStates: async (serverIds) => {
      const domains = parseDomainList(await virsh.run(['list', '--all']));
      return new Map(serverIds.map((id) => [id, domains.get(id) ?? 'missing']));
    },
    idle: () => tasks.idle(),
  };
}

/** What `virsh domjobinfo` says of the domain's job: None, Unbounded (running), Completed, Failed. */
const jobType = (info: string) => /^Job type:\s*(\S+)/m.exec(info)?.[1] ?? 'None';

const rank = (list: string[], item: string) => {
  const i = list.indexOf(item);
  return i === -1 ? list.length : i;
};
