import { cpSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../src/config.js';
import { createVirsh } from '../src/cloud/libvirt/virsh.js';
import { volumeName } from '../src/cloud/libvirt/volume-xml.js';
import { firewallFilterName } from '../src/cloud/libvirt/filter-xml.js';
import { removePool } from './libvirt-leftovers.js';

/**
 * PORTAL_TEST_CLOUD=libvirt: every app a test builds runs its VMs, disks and snapshots on the
 * libvirt at LIBVIRT_URI (scripts/test.mjs runs the compute suites so on a libvirt host), each
 * app with a pool of its own that `close` removes with whatever is left in it.
 */
export const ON_LIBVIRT = process.env.PORTAL_TEST_CLOUD === 'libvirt';

/** The small guest image the repository's script builds (scripts/libvirt/build-guest-image.sh). */
export const TEST_IMAGES = join(
  process.env.DATA_DIR || fileURLToPath(new URL('../../../data', import.meta.url)),
  'libvirt/images',
);

/** The libvirt part of a test app's configuration, its image copied into the app's DATA_DIR. */
export function libvirtTestConfig(dataDir: string): Partial<Config> {
  if (!existsSync(join(TEST_IMAGES, 'tiny/vmlinuz')))
    throw new Error(`PORTAL_TEST_CLOUD=libvirt: no guest image in ${TEST_IMAGES} (build-guest-image.sh)`);
  cpSync(join(TEST_IMAGES, 'tiny'), join(dataDir, 'libvirt/images/tiny'), { recursive: true });
  return {
    cloudDriver: 'libvirt',
    libvirtPool: `portal-test-${randomUUID().slice(0, 8)}`,
    // No KVM probe at each app's start: the suites run on QEMU's emulation, as this host boots.
    libvirtAccel: 'qemu',
    // The suites' VMs ask for 4 GB each and touch a few dozen MB: the host is overcommitted.
    libvirtRamAllocationRatio: 16,
  };
}

/** The cloud loses a volume behind the portal's back (someone deleted it on the host). */
export async function loseVolume(config: Config, volumeId: string): Promise<void> {
  const virsh = createVirsh({ uri: config.libvirtUri });
  await virsh.run(['vol-delete', volumeName(volumeId), '--pool', config.libvirtPool]);
}

/**
 * Removes what a test app left in libvirt: its pool's domains with their networks and filters,
 * the pool, and the filters of its firewalls (`firewallIds`, read from its database).
 */
export async function removeTestCloud(config: Config, firewallIds: string[]): Promise<void> {
  if (config.cloudDriver !== 'libvirt') return;
  const virsh = createVirsh({ uri: config.libvirtUri });
  await removePool(virsh, config.libvirtPool);
  for (const id of firewallIds)
    await virsh.run(['nwfilter-undefine', firewallFilterName(id)]).catch(() => undefined);
}
