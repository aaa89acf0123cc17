import { serverFilterName } from '../src/cloud/libvirt/filter-xml.js';
import type { Virsh } from '../src/cloud/libvirt/virsh.js';

/**
 * What a test on libvirt made, removed whatever state a failed run left it in: the domain, the
 * VPC's network, the pool with its volumes. Each step may find nothing to remove.
 */
export async function removeFromLibvirt(
  virsh: Virsh,
  made: { serverId?: string; vpcId: string; pool?: string },
): Promise<void> {
  const quietly = (args: string[]) => virsh.run(args).catch(() => '');
  if (made.serverId) {
    await quietly(['destroy', made.serverId]);
    await quietly(['undefine', made.serverId]);
  }
  await quietly(['net-destroy', `vpc-${made.vpcId}`]);
  await quietly(['net-undefine', `vpc-${made.vpcId}`]);
  if (made.pool) await removeVolumesAndPool(virsh, made.pool);
}

/**
 * Everything of one pool: the domains whose disks are in it (destroyed and undefined), the
 * networks they were on once no domain is left on them, the pool's volumes and the pool.
 */
export async function removePool(virsh: Virsh, pool: string): Promise<void> {
  const quietly = (args: string[]) => virsh.run(args).catch(() => '');
  const names = (await quietly(['list', '--all', '--name'])).split('\n').filter((n) => n.trim());
  const dumps = names.length ? await quietly([names.map((n) => `dumpxml ${n.trim()}`).join(' ; ')]) : '';
  const networks = new Set<string>();
  for (const dump of dumps.split('</domain>')) {
    if (!dump.includes(`pool='${pool}'`)) continue;
    const name = /<name>([^<]+)<\/name>/.exec(dump)?.[1];
    const network = /<source network='([^']+)'/.exec(dump)?.[1];
    if (network) networks.add(network);
    if (name) {
      await quietly(['destroy', name]);
      await quietly(['undefine', name]);
      await quietly(['nwfilter-undefine', serverFilterName(name)]);
    }
  }
  const left = await quietly(['list', '--all', '--name']);
  const leftDumps = left.trim()
    ? await quietly([
        left
          .split('\n')
          .filter((n) => n.trim())
          .map((n) => `dumpxml ${n.trim()}`)
          .join(' ; '),
      ])
    : '';
  for (const network of networks) {
    if (leftDumps.includes(`network='${network}'`)) continue;
    await quietly(['net-destroy', network]);
    await quietly(['net-undefine', network]);
  }
  await removeVolumesAndPool(virsh, pool);
}

async function removeVolumesAndPool(virsh: Virsh, pool: string) {
  const quietly = (args: string[]) => virsh.run(args).catch(() => '');
  for (const line of (await quietly(['vol-list', pool])).split('\n')) {
    const name = line.trim().split(/\s+/)[0];
    if (name) await quietly(['vol-delete', name, '--pool', pool]);
  }
  await quietly(['pool-destroy', pool]);
  await quietly(['pool-undefine', pool]);
}
