import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { createVirsh } from '../../apps/api/src/cloud/libvirt/virsh.js';
import { removeFromLibvirt } from '../../apps/api/test/libvirt-leftovers.js';
import { E2E_PORT, PORTAL_ENV } from '../portals';
import { ROOT, withPortal } from './portal-process';

export { expect } from '@playwright/test';

const URI = process.env.LIBVIRT_URI || 'qemu:///system';
/** The small guest image (scripts/libvirt/build-guest-image.sh), where the API's libvirt tests read it. */
const IMAGE = path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'libvirt/images/tiny');

export const virsh = createVirsh({ uri: URI });

/** Why a journey on libvirt cannot run here, or null when it can. */
export function libvirtMissing(): string | null {
  try {
    execFileSync('virsh', ['-c', URI, 'uri'], { stdio: 'pipe', timeout: 30_000 });
  } catch (error) {
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `libvirt does not answer at ${URI} (virsh -c ${URI} uri: ${said || String(error)})`;
  }
  if (!existsSync(path.join(IMAGE, 'vmlinuz')))
    return `no guest image in ${IMAGE} (sh scripts/libvirt/build-guest-image.sh makes it)`;
  return null;
}

/** A portal on libvirt: its address, its storage pool, and what a journey made there. */
export interface LibvirtPortal {
  url: string;
  pool: string;
  /** The journey notes the VM and the VPC it made: whatever it left of them goes after the run. */
  made: { serverId?: string; vpcId?: string };
}

/**
 * The journeys on libvirt run on a portal of their own (playwright.libvirt.config.ts): the VMs,
 * disks and snapshots on QEMU through libvirt, in a storage pool named for this run so no other
 * run's pool is touched; the rest of the cloud simulated at once (SIMULATOR_TIME_SCALE=0). After
 * the run whatever a failed journey left in libvirt goes, and the pool with it.
 */
export const test = base.extend<object, { libvirt: LibvirtPortal; portal: string }>({
  libvirt: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = E2E_PORT - workerInfo.parallelIndex;
      const pool = `portal-e2e-${randomUUID().slice(0, 8)}`;
      const made: LibvirtPortal['made'] = {};
      await withPortal(
        {
          port,
          dataDir: `/tmp/portal-e2e-libvirt-${port}`,
          env: {
            ...PORTAL_ENV,
            CLOUD_DRIVER: 'libvirt',
            LIBVIRT_URI: URI,
            LIBVIRT_POOL: pool,
            SIMULATOR_TIME_SCALE: '0',
          },
          logName: `libvirt-${port}-${workerInfo.workerIndex}`,
          // A copy: libvirt gives the files it boots to QEMU's user.
          prepare: (dataDir) => cp(IMAGE, path.join(dataDir, 'libvirt/images/tiny'), { recursive: true }),
        },
        async (url) => {
          try {
            await use({ url, pool, made });
          } finally {
            await removeFromLibvirt(virsh, { ...made, pool });
          }
        },
      );
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  portal: [async ({ libvirt }, use) => use(libvirt.url), { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal),
});
