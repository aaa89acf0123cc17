/**
 * `npm run libvirt:probe [-- --type qemu|kvm|both]` boots the small guest (built by
 * scripts/libvirt/build-guest-image.sh into DATA_DIR/libvirt/images/tiny) once per type asked on
 * LIBVIRT_URI (qemu:///system), types `uname -r` on its serial console and prints the figures.
 * Nothing is left in libvirt afterwards: the probe's domain is transient.
 */
import path from 'node:path';
import { probeBoot, type VirtType } from '../cloud/libvirt/host-probe.js';
import { createVirsh } from '../cloud/libvirt/virsh.js';
import { cliArgument } from './bench-tenant.js';

const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const images = path.join(dataDir, 'libvirt', 'images', 'tiny');
const asked = cliArgument('type') ?? 'both';
const types: VirtType[] = asked === 'both' ? ['qemu', 'kvm'] : [asked as VirtType];
const virsh = createVirsh({ uri: process.env.LIBVIRT_URI || 'qemu:///system' });
let booted = 0;
for (const type of types) {
  const result = await probeBoot({
    virsh,
    type,
    image: { kernel: path.join(images, 'vmlinuz'), initrd: path.join(images, 'initrd.img') },
    socketDir: path.join(dataDir, 'libvirt', 'consoles'),
    timeoutMs: Number(cliArgument('timeout') ?? 90) * 1000,
  });
  if (result.booted) {
    booted += 1;
    console.log(
      `${type}: booted to a shell in ${(result.bootMs / 1000).toFixed(1)} s, uname -r: ${result.kernelRelease}`,
    );
  } else {
    console.log(`${type}: did not boot (${result.error}); the console's last output:\n${result.output}`);
  }
}
// A host where only TCG boots is a working host: it fails when no type boots.
process.exitCode = booted > 0 ? 0 : 1;
