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
  if (!made.pool) return;
  for (const line of (await quietly(['vol-list', made.pool])).split('\n')) {
    const name = line.trim().split(/\s+/)[0];
    if (name) await quietly(['vol-delete', name, '--pool', made.pool]);
  }
  await quietly(['pool-destroy', made.pool]);
  await quietly(['pool-undefine', made.pool]);
}
