import { randomUUID } from 'node:crypto';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { createVirsh } from '../../apps/api/src/cloud/libvirt/virsh.js';
import { removePool } from '../../apps/api/test/libvirt-leftovers.js';
import { libvirtHost } from '../../scripts/lib.mjs';
import { E2E_PORT, PORTAL_ENV } from '../portals';
import { ROOT, withPortal } from './portal-process';

export { expect } from '@playwright/test';

const URI = process.env.LIBVIRT_URI || 'qemu:///system';
/** The small guest image (scripts/libvirt/build-guest-image.sh), where the API's libvirt tests read it. */
const IMAGE = path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'libvirt/images/tiny');

export const virsh = createVirsh({ uri: URI });

/** Why a journey on libvirt cannot run here (libvirt does not answer, no guest image), or null. */
export function libvirtMissing(): string | null {
  const host = libvirtHost();
  return host.ready ? null : host.reason;
}

/** A portal on libvirt: its address and its storage pool. */
export interface LibvirtPortal {
  url: string;
  pool: string;
}

/**
 * The journeys on libvirt run on a portal of their own (playwright.libvirt.config.ts): the VMs,
 * disks and snapshots on QEMU through libvirt, in a storage pool named for this run so no other
 * run's pool is touched; the rest of the cloud simulated at once (SIMULATOR_TIME_SCALE=0). After
 * the run whatever a failed journey left in libvirt goes with the pool: the domains on its
 * volumes, their networks, its volumes.
 */
export const test = base.extend<object, { libvirt: LibvirtPortal; portal: string }>({
  libvirt: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = E2E_PORT - workerInfo.parallelIndex;
      const pool = `portal-e2e-${randomUUID().slice(0, 8)}`;
      await withPortal(
        {
          port,
          dataDir: `/tmp/portal-e2e-libvirt-${port}`,
          env: {
            ...PORTAL_ENV,
            CLOUD_DRIVER: 'libvirt',
            LIBVIRT_URI: URI,
            LIBVIRT_POOL: pool,
            // The small guest touches a few dozen MB of its 4 GB; other runs' guests may hold the
            // rest of a shared host's memory, which would refuse a start at 1.
            LIBVIRT_RAM_ALLOCATION_RATIO: '4',
            // No KVM probe at start: it holds a core for up to 20 s on a host where KVM hangs
            // (this one), beside the journey's guest.
            LIBVIRT_ACCEL: 'qemu',
            SIMULATOR_TIME_SCALE: '0',
          },
          logName: `libvirt-${port}-${workerInfo.workerIndex}`,
          // A copy: libvirt gives the files it boots to QEMU's user.
          prepare: (dataDir) => cp(IMAGE, path.join(dataDir, 'libvirt/images/tiny'), { recursive: true }),
        },
        async (url) => {
          try {
            await use({ url, pool });
          } finally {
            await removePool(virsh, pool);
          }
        },
      );
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  portal: [async ({ libvirt }, use) => use(libvirt.url), { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal),
});
