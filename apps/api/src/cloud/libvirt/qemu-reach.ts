import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** The search bit for everyone else: what lets QEMU's own user walk through a directory. */
const OTHERS_SEARCH = 0o001;

/**
 * Makes the driver's directories under `dataDir` (the pool, the guest images, the console
 * sockets) and lets QEMU reach them: QEMU runs as its own user (Debian's `libvirt-qemu`), which
 * libvirt gives the files it needs (the volumes, the kernel and initramfs, the socket) but not
 * the directories on the way to them. `dataDir` and the directories under it get the search bit
 * for others (never read: nobody else lists them); a directory above `dataDir` is not the
 * portal's to change, so one that others cannot pass through stops the start with what to change.
 */
export function prepareQemuDirs(dataDir: string, dirs: string[]): void {
  const top = resolve(dataDir);
  for (const dir of dirs) {
    const full = resolve(dir);
    if (relative(top, full).startsWith('..')) throw new Error(`${full} is not under DATA_DIR (${top})`);
    mkdirSync(full, { recursive: true, mode: 0o755 });
    for (let at = full; ; at = dirname(at)) {
      const mode = statSync(at).mode;
      if ((mode & OTHERS_SEARCH) === 0) chmodSync(at, (mode & 0o7777) | OTHERS_SEARCH);
      if (at === top) break;
    }
  }
  const blocked = blockingAncestor(top);
  if (blocked)
    throw new Error(
      `CLOUD_DRIVER=libvirt: QEMU runs as its own user and cannot pass through ${blocked} ` +
        `(mode ${(statSync(blocked).mode & 0o777).toString(8)}) to reach DATA_DIR (${top}): ` +
        `run "chmod o+x ${blocked}" or set DATA_DIR to a directory others can reach`,
    );
}

/** The first directory above `dir`, from the root down, that others may not pass through. */
export function blockingAncestor(dir: string): string | null {
  const parts = resolve(dir).split(sep).filter(Boolean);
  for (let i = 0; i < parts.length - 1; i++) {
    const at = sep + parts.slice(0, i + 1).join(sep);
    if ((statSync(at).mode & OTHERS_SEARCH) === 0) return at;
  }
  return null;
}
