import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseAccel, probeBoot, probeDomainXml } from './host-probe.js';
import { createVirsh } from './virsh.js';
import { TEST_IMAGES } from '../../../test/libvirt-cloud.js';

describe('the probe domain', () => {
  it('boots the image straight from its kernel with the serial console on the socket', () => {
    const xml = probeDomainXml({
      name: 'portal-probe-1',
      type: 'qemu',
      image: { kernel: '/img/vmlinuz', initrd: '/img/initrd.img' },
      socketPath: '/run/p.sock',
      memoryMb: 256,
    });
    expect(xml).toContain("<domain type='qemu'>");
    expect(xml).toContain('<kernel>/img/vmlinuz</kernel>');
    expect(xml).toContain('<initrd>/img/initrd.img</initrd>');
    expect(xml).toMatch(/<cmdline>console=ttyS0\b/);
    expect(xml).toContain("<serial type='unix'>\n      <source mode='bind' path='/run/p.sock'/>");
    expect(xml).toContain("<memory unit='MiB'>256</memory>");
    expect(xml).not.toContain('<cpu');
  });
});

describe('choosing how guests run (LIBVIRT_ACCEL=auto)', () => {
  it("falls back to QEMU's emulation, and says why, when there is no image to try KVM with", async () => {
    const said: string[] = [];
    const virsh = { uri: 'test:///none', run: async () => Promise.reject(new Error('not asked')) };
    const accel = await chooseAccel({
      virsh,
      image: { kernel: '/nonexistent/vmlinuz', initrd: '/nonexistent/initrd.img' },
      socketDir: '/nonexistent',
      say: (line) => said.push(line),
    });
    expect(accel).toBe('qemu');
    expect(said).toEqual([
      "libvirt: no image at /nonexistent/vmlinuz to try KVM with: guests run on QEMU's emulation",
    ]);
  });
});

const LIBVIRT = process.env.PORTAL_LIBVIRT_TESTS === '1';
if (!LIBVIRT)
  console.log('host-probe.test: the boot on libvirt skipped (set PORTAL_LIBVIRT_TESTS=1 on a libvirt host)');

describe.skipIf(!LIBVIRT)('the probe on libvirt (PORTAL_LIBVIRT_TESTS=1)', () => {
  // Made only where the test runs: a skipped block's body still runs, its afterAll does not.
  const work = LIBVIRT ? mkdtempSync(join(tmpdir(), 'probe-test-')) : '';
  const virsh = createVirsh({ uri: process.env.LIBVIRT_URI || 'qemu:///system' });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('boots the small guest under TCG, reads uname -r from its console and leaves nothing behind', async () => {
    const repo = (to: string) => fileURLToPath(new URL(`../../../../../${to}`, import.meta.url));
    const images = join(TEST_IMAGES, 'tiny');
    const script = repo('scripts/libvirt/build-guest-image.sh');
    if (!existsSync(join(images, 'initrd.img'))) execFileSync(script, [images], { stdio: 'inherit' });
    // A copy QEMU can read: the checkout may sit where its user cannot pass (a CI clone in /tmp).
    chmodSync(work, 0o755);
    cpSync(images, join(work, 'tiny'), { recursive: true });
    const result = await probeBoot({
      virsh,
      type: 'qemu',
      image: { kernel: join(work, 'tiny/vmlinuz'), initrd: join(work, 'tiny/initrd.img') },
      socketDir: work,
    });
    expect(result).toMatchObject({
      booted: true,
      kernelRelease: expect.stringMatching(/^\d+\.\d+\.\d+-.*cloud/),
    });
    expect(await virsh.run(['list', '--all', '--name'])).not.toMatch(/portal-probe/);
  }, 120_000);
});
