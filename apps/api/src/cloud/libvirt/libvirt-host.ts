import { resolve } from 'node:path';
import { diskRefusal, memoryRefusal, numbersOf } from './host-capacity.js';
import { parseDomstats } from './domstats.js';
import { powerOf, type PowerState } from './domain-state.js';
import { guestAddressOf, guestNetworkOf, networkXml } from './network-xml.js';
import { isMissing, VIRSH_INPUT, type Virsh } from './virsh.js';
import { oneAtATime } from './one-at-a-time.js';
import { tableRows } from './virsh-table.js';
import { volumeName, volumeXml } from './volume-xml.js';
import { freeHostAddress } from '../simulator/addresses.js';

/** The names the portal gives its domains (its ids): safe to put in a virsh command string. */
const PORTAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export interface HostOptions {
  virsh: Virsh;
  /** The storage pool of every volume and snapshot copy, and the directory it keeps them in. */
  pool: string;
  poolDir: string;
  /** Memory the host keeps for itself (the portal, its database), never given to guests. */
  reserveMb: number;
  /** How far the guests' memory may exceed the host's (1: not at all). */
  ramAllocationRatio?: number;
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
  // Defining the pool or a network, or taking an address on it, races with itself: one at a time.
  const queue = oneAtATime();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => queue('host', work);

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

  /**
   * The domains on a network and the address each was given, from their definitions: one virsh
   * run dumps them all (its commands separated by `;`). Only names the portal gives are asked.
   */
  async function guestsOn(network: string): Promise<{ name: string; address: string | null }[]> {
    const names = (await virsh.run(['list', '--all', '--name']))
      .split('\n')
      .map((n) => n.trim())
      .filter((n) => PORTAL_NAME.test(n));
    if (names.length === 0) return [];
    const dumps = (await virsh.run([names.map((n) => `dumpxml ${n}`).join(' ; ')])).split('</domain>');
    return dumps
      .filter((dump) => guestNetworkOf(dump) === network)
      .map((dump) => ({
        name: /<name>([^<]+)<\/name>/.exec(dump)?.[1] ?? '',
        address: guestAddressOf(dump),
      }));
  }

  async function ensureNetwork(name: string) {
    let info: string;
    try {
      info = await virsh.run(['net-info', name]);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await virsh.run(['net-define', VIRSH_INPUT], { input: networkXml(name) });
      await virsh.run(['net-autostart', name]);
      info = '';
    }
    if (!/^Active:\s*yes/m.test(info)) await virsh.run(['net-start', name]);
  }

  /**
   * Puts a server on its VPC's network (made on first use): the address its definition already
   * names, or the lowest free one, with which `define` defines it. One at a time, so two servers
   * never take one address.
   */
  const joinNetwork = (
    net: { name: string; cidrIpv4: string },
    serverId: string,
    define: (address: string) => Promise<void>,
  ) =>
    exclusive(async () => {
      await ensureNetwork(net.name);
      const guests = await guestsOn(net.name);
      const mine = guests.find((g) => g.name === serverId);
      if (mine?.address) return mine.address;
      if (mine) throw new Error(`server ${serverId} is on ${net.name} without an address`);
      const address = freeHostAddress(net.cidrIpv4, new Set(guests.map((g) => g.address ?? '')));
      if (!address) throw new Error(`no free address in the segment ${net.cidrIpv4}`);
      await define(address);
      return address;
    });

  /** Takes a server off its network (`undefine`); the network goes too once no server is on it. */
  const leaveNetwork = (network: string, undefine: () => Promise<void>) =>
    exclusive(async () => {
      await undefine();
      if ((await guestsOn(network)).length > 0) return;
      await virsh.run(['net-destroy', network]).catch((error: unknown) => {
        if (!/not active/i.test(String(error)) && !isMissing(error)) throw error;
      });
      await virsh.run(['net-undefine', network]).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
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
      options.ramAllocationRatio,
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
    joinNetwork,
    leaveNetwork,
    disks,
    nic,
    memoryRefusalFor,
    diskRefusalFor,
  };
}

export type LibvirtHost = ReturnType<typeof createLibvirtHost>;
