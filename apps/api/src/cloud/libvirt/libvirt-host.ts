import { resolve } from 'node:path';
import { diskRefusal, memoryRefusal, numbersOf } from './host-capacity.js';
import { parseDomstats } from './domstats.js';
import { powerOf, type PowerState } from './domain-state.js';
import { dhcpHostXml, dhcpHosts, networkXml, type VpcNetwork } from './network-xml.js';
import { VIRSH_INPUT, VirshError, type Virsh } from './virsh.js';
import { tableRows } from './virsh-table.js';
import { volumeName, volumeXml } from './volume-xml.js';
import { freeHostAddress } from '../simulator/addresses.js';

/** virsh's words for an object that is not there (a domain, a volume, a pool, a network). */
const isMissing = (error: unknown) => error instanceof VirshError && error.notFound;

export interface HostOptions {
  virsh: Virsh;
  /** The storage pool of every volume and snapshot copy, and the directory it keeps them in. */
  pool: string;
  poolDir: string;
  /** Memory the host keeps for itself (the portal, its database), never given to guests. */
  reserveMb: number;
}

/** An attached disk of a domain: the guest's device name and the pool volume behind it. */
export interface AttachedDisk {
  target: string;
  source: string;
}

/**
 * What the driver asks of libvirt, each step written so that running it again after a crash finds
 * what the first run did (an object that exists is left as it is).
 */
export function createLibvirtHost(options: HostOptions) {
  const { virsh, pool } = options;
  // Defining the pool or a network races with itself: one at a time.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  /** null when the domain does not exist. */
  async function power(serverId: string): Promise<PowerState | null> {
    try {
      return powerOf(await virsh.run(['domstate', '--reason', serverId]));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  let poolChecked = false;
  const ensurePool = () =>
    exclusive(async () => {
      let info: string;
      try {
        info = await virsh.run(['pool-info', pool]);
      } catch (error) {
        if (!isMissing(error)) throw error;
        await virsh.run(['pool-define-as', pool, 'dir', '--target', options.poolDir]);
        await virsh.run(['pool-build', pool]);
        await virsh.run(['pool-autostart', pool]);
        info = '';
      }
      if (!/^State:\s*running/m.test(info)) await virsh.run(['pool-start', pool]);
      if (poolChecked) return;
      // A pool of that name defined before for another directory (another portal's, or this
      // one's before DATA_DIR moved) would take the volumes there: refused, with what to change.
      const target = /<target>\s*<path>([^<]*)<\/path>/.exec(await virsh.run(['pool-dumpxml', pool]))?.[1];
      if (target !== undefined && resolve(target) !== resolve(options.poolDir))
        throw new Error(
          `storage pool ${pool} keeps its volumes in ${target}, not in ${options.poolDir}: ` +
            'set LIBVIRT_POOL to a pool of its own',
        );
      poolChecked = true;
    });

  async function volumeNames(): Promise<Set<string>> {
    return new Set(tableRows(await virsh.run(['vol-list', pool])).map((row) => row[0]!));
  }

  async function createVolume(volumeId: string, sizeGb: number, existing: Set<string>) {
    if (existing.has(volumeName(volumeId))) return;
    await virsh.run(['vol-create', pool, VIRSH_INPUT], { input: volumeXml(volumeName(volumeId), sizeGb) });
  }

  async function deleteVolume(name: string, existing: Set<string>) {
    if (existing.has(name)) await virsh.run(['vol-delete', name, '--pool', pool]);
  }

  const ensureNetwork = (net: VpcNetwork) =>
    exclusive(async () => {
      let info: string;
      try {
        info = await virsh.run(['net-info', net.name]);
      } catch (error) {
        if (!isMissing(error)) throw error;
        await virsh.run(['net-define', VIRSH_INPUT], { input: networkXml(net) });
        await virsh.run(['net-autostart', net.name]);
        info = '';
      }
      if (!/^Active:\s*yes/m.test(info)) await virsh.run(['net-start', net.name]);
    });

  /** The interface's fixed address on the network: the one it has, or the lowest free one. */
  const leaseFor = (network: string, cidrIpv4: string, mac: string) =>
    exclusive(async () => {
      const hosts = dhcpHosts(await virsh.run(['net-dumpxml', network]));
      const mine = hosts.find((h) => h.mac === mac.toLowerCase());
      if (mine) return mine.ip;
      const ip = freeHostAddress(cidrIpv4, new Set(hosts.map((h) => h.ip)));
      if (!ip) throw new Error(`no free address in the segment ${cidrIpv4}`);
      await virsh.run([
        'net-update',
        network,
        'add-last',
        'ip-dhcp-host',
        dhcpHostXml(mac, ip),
        '--live',
        '--config',
      ]);
      return ip;
    });

  /** Gives the interface's address back; the network goes too once no interface has one on it. */
  const releaseLease = (network: string, mac: string) =>
    exclusive(async () => {
      let hosts;
      try {
        hosts = dhcpHosts(await virsh.run(['net-dumpxml', network]));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const mine = hosts.find((h) => h.mac === mac.toLowerCase());
      if (mine) {
        await virsh.run([
          'net-update',
          network,
          'delete',
          'ip-dhcp-host',
          dhcpHostXml(mine.mac, mine.ip),
          '--live',
          '--config',
        ]);
      }
      if (hosts.length - (mine ? 1 : 0) > 0) return;
      await virsh.run(['net-destroy', network]).catch((error: unknown) => {
        if (!/not active/i.test(String(error))) throw error;
      });
      await virsh.run(['net-undefine', network]);
    });

  /** The domain's disks in order (vda first). */
  async function disks(serverId: string): Promise<AttachedDisk[]> {
    return tableRows(await virsh.run(['domblklist', serverId, '--details']))
      .filter((row) => row[1] === 'disk' && row.length >= 4)
      .map((row) => ({ target: row[2]!, source: row.slice(3).join(' ') }));
  }

  /** The domain's network (its first interface's) and that interface's MAC. */
  async function nic(serverId: string): Promise<{ network: string; mac: string } | null> {
    const row = tableRows(await virsh.run(['domiflist', serverId])).find((r) => r[1] === 'network');
    return row && row.length >= 5 ? { network: row[2]!, mac: row[4]! } : null;
  }

  /** Why a guest of this memory cannot start now, or null. */
  async function memoryRefusalFor(ramGb: number): Promise<string | null> {
    const mem = numbersOf(await virsh.run(['nodememstats']));
    const running = parseDomstats(await virsh.run(['domstats', '--raw', '--balloon', '--list-running']));
    let committedKib = 0;
    for (const fields of running.values()) committedKib += Number(fields.get('balloon.maximum') ?? 0) || 0;
    return memoryRefusal(
      {
        totalKib: mem.get('total') ?? 0,
        freeKib: mem.get('free') ?? 0,
        buffersKib: mem.get('buffers') ?? 0,
        cachedKib: mem.get('cached') ?? 0,
        committedKib,
      },
      ramGb,
      options.reserveMb * 1024,
    );
  }

  /** Why volumes of this size in all do not fit in the pool, or null. */
  async function diskRefusalFor(sizeGb: number): Promise<string | null> {
    const info = numbersOf(await virsh.run(['pool-info', pool, '--bytes']));
    return diskRefusal(pool, info.get('available') ?? 0, sizeGb);
  }

  return {
    power,
    ensurePool,
    volumeNames,
    createVolume,
    deleteVolume,
    ensureNetwork,
    leaseFor,
    releaseLease,
    disks,
    nic,
    memoryRefusalFor,
    diskRefusalFor,
  };
}

export type LibvirtHost = ReturnType<typeof createLibvirtHost>;
