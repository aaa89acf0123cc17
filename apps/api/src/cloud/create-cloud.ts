import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../platform/clock.js';
import type { CloudDriver } from './driver.js';
import { chooseAccel } from './libvirt/host-probe.js';
import { createLibvirtDriver } from './libvirt/libvirt-driver.js';
import { prepareQemuDirs } from './libvirt/qemu-reach.js';
import { createVirsh } from './libvirt/virsh.js';
import { createSimulator } from './simulator/simulator.js';

/**
 * The cloud CLOUD_DRIVER names. The simulator is always made: it is the whole cloud by default,
 * and under libvirt it keeps what one host does not run (the private network's objects). The
 * libvirt driver keeps its pool, guest images and console sockets under DATA_DIR/libvirt.
 */
export function createCloud(
  config: Pick<
    Config,
    | 'cloudDriver'
    | 'libvirtUri'
    | 'libvirtPool'
    | 'libvirtRamAllocationRatio'
    | 'libvirtAccel'
    | 'dataDir'
    | 'simulatorTimeScale'
    | 'simulatorFailureRate'
  >,
  db: Db,
  clock: Clock,
  /** Where the driver says what it chose at start (the app's log). */
  say: (line: string) => void = () => undefined,
): CloudDriver {
  const simulator = createSimulator({
    db,
    clock,
    timeScale: config.simulatorTimeScale,
    failureRate: config.simulatorFailureRate,
  });
  if (config.cloudDriver === 'simulator') return simulator;
  const dir = join(config.dataDir, 'libvirt');
  const runDir = join(dir, 'run');
  const poolDir = join(dir, 'pool');
  const imageDir = join(dir, 'images');
  // The local system daemon runs QEMU as its own user, which must reach these; elsewhere the
  // directories are the remote host's (or, for a session daemon, QEMU is the portal's own user).
  if (/^qemu(\+unix)?:\/\/\/system\b/.test(config.libvirtUri))
    prepareQemuDirs(config.dataDir, [runDir, poolDir, imageDir]);
  else mkdirSync(runDir, { recursive: true });
  const virsh = createVirsh({ uri: config.libvirtUri });
  const tiny = join(imageDir, 'tiny');
  // Asked at start, so the answer is there by the first launch (which waits for it otherwise).
  const accel =
    config.libvirtAccel === 'auto'
      ? chooseAccel({
          virsh,
          image: { kernel: join(tiny, 'vmlinuz'), initrd: join(tiny, 'initrd.img') },
          socketDir: runDir,
          say,
        })
      : config.libvirtAccel;
  return createLibvirtDriver({
    virsh,
    clock,
    accel,
    fallback: simulator,
    pool: config.libvirtPool,
    ramAllocationRatio: config.libvirtRamAllocationRatio,
    poolDir,
    imageDir,
    runDir,
  });
}
