import { serverFilterName } from '../src/cloud/libvirt/filter-xml.js';
import { guestNetworkOf, networkName } from '../src/cloud/libvirt/network-xml.js';
import type { Virsh } from '../src/cloud/libvirt/virsh.js';

/** A virsh command whose failure (nothing there to remove) is no matter: its output, or nothing. */
const quietly = (virsh: Virsh, args: string[]) => virsh.run(args).catch(() => '');

/** Every defined domain's definition, one per entry (one virsh run, commands separated by `;`). */
async function domainDumps(virsh: Virsh): Promise<string[]> {
  const names = (await quietly(virsh, ['list', '--all', '--name'])).split('\n').map((n) => n.trim());
  const asked = names.filter(Boolean).map((n) => `dumpxml ${n}`);
  return asked.length ? (await quietly(virsh, [asked.join(' ; ')])).split('</domain>') : [];
}

async function removeDomain(virsh: Virsh, name: string) {
  await quietly(virsh, ['destroy', name]);
  await quietly(virsh, ['undefine', name]);
}

async function removeNetwork(virsh: Virsh, network: string) {
  await quietly(virsh, ['net-destroy', network]);
  await quietly(virsh, ['net-undefine', network]);
}

/**
 * What a test on libvirt made, removed whatever state a failed run left it in: the domain, the
 * VPC's network, the pool with its volumes. Each step may find nothing to remove.
 */
export async function removeFromLibvirt(
  virsh: Virsh,
  made: { serverId?: string; vpcId: string; pool?: string },
): Promise<void> {
  if (made.serverId) await removeDomain(virsh, made.serverId);
  await removeNetwork(virsh, networkName(made.vpcId));
  if (made.pool) await removeVolumesAndPool(virsh, made.pool);
}

/**
 * Everything of one pool: the domains whose disks are in it (destroyed and undefined, with their
 * filters), the networks they were on once no domain is left on them, the pool's volumes and the
 * pool.
 */
export async function removePool(virsh: Virsh, pool: string): Promise<void> {
  const networks = new Set<string>();
  for (const dump of await domainDumps(virsh)) {
    if (!dump.includes(`pool='${pool}'`)) continue;
    const name = /<name>([^<]+)<\/name>/.exec(dump)?.[1];
    const network = guestNetworkOf(dump);
    if (network) networks.add(network);
    if (name) {
      await removeDomain(virsh, name);
      await quietly(virsh, ['nwfilter-undefine', serverFilterName(name)]);
    }
  }
  const stillUsed = new Set((await domainDumps(virsh)).map(guestNetworkOf));
  for (const network of networks) if (!stillUsed.has(network)) await removeNetwork(virsh, network);
  await removeVolumesAndPool(virsh, pool);
}

async function removeVolumesAndPool(virsh: Virsh, pool: string) {
  for (const line of (await quietly(virsh, ['vol-list', pool])).split('\n')) {
    const name = line.trim().split(/\s+/)[0];
    if (name) await quietly(virsh, ['vol-delete', name, '--pool', pool]);
  }
  await quietly(virsh, ['pool-destroy', pool]);
  await quietly(virsh, ['pool-undefine', pool]);
}
