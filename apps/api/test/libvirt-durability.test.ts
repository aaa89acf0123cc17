import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmStatus } from '@portal/shared';
import { createVirsh } from '../src/cloud/libvirt/virsh.js';
import { operations, vms } from '../src/db/schema/index.js';
import { postgresDatabaseForTest } from './fresh-database.js';
import { TEST_IMAGES } from './libvirt-cloud.js';
import { removePool } from './libvirt-leftovers.js';
import { portal, seedTenant, vmBody, vmOnceIn } from './spawned-portal.js';

/**
 * Crash safety on libvirt, as production runs it: the portal is a process on PostgreSQL, killed
 * with SIGKILL while a guest boots; the guest goes on in libvirt, and after the restart the launch
 * is finished once. A guest that then dies on its own is seen as stopped by the reconcile job.
 * Needs a libvirt host (PORTAL_LIBVIRT_TESTS=1) and PostgreSQL (TEST_DATABASE_URL).
 */
const LIBVIRT = process.env.PORTAL_LIBVIRT_TESTS === '1';
const serverUrl = process.env.TEST_DATABASE_URL;
if (!LIBVIRT || !serverUrl)
  console.log('libvirt-durability.test: skipped (needs PORTAL_LIBVIRT_TESTS=1 and TEST_DATABASE_URL)');

describe.skipIf(!LIBVIRT || !serverUrl)('the portal on libvirt, killed (kill -9)', () => {
  const virsh = createVirsh({ uri: process.env.LIBVIRT_URI || 'qemu:///system' });
  const pool = `portal-test-${randomUUID().slice(0, 8)}`;
  // Made only where the test runs: a skipped block's body still runs, its afterAll does not.
  const dataDir = LIBVIRT && serverUrl ? mkdtempSync(join(tmpdir(), 'portal-durable-')) : '';
  let database: Awaited<ReturnType<typeof postgresDatabaseForTest>>;
  let seeded: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    cpSync(join(TEST_IMAGES, 'tiny'), join(dataDir, 'libvirt/images/tiny'), { recursive: true });
    database = await postgresDatabaseForTest(serverUrl!);
    seeded = await seedTenant(database.db);
  });
  afterAll(async () => {
    await removePool(virsh, pool);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const row = async (id: string) => (await database.db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const until = (id: string, status: number) => vmOnceIn(database.db, id, status, 120);

  it('finishes a launch killed mid-boot once, and sees a guest that died on its own as stopped', async () => {
    const { start, ready, call, signIn } = portal(database.url, {
      CLOUD_DRIVER: 'libvirt',
      LIBVIRT_POOL: pool,
      LIBVIRT_ACCEL: 'qemu',
      LIBVIRT_RAM_ALLOCATION_RATIO: '16',
      DATA_DIR: dataDir,
      VM_RECONCILE_SECONDS: '1',
    });
    let child: ChildProcess = start();
    try {
      await ready();
      const token = await signIn();
      const vm = (await call('POST', '/api/vms', token, vmBody(seeded.network.vpc.id, 'survivor'))).data;
      const id = vm.uuid as string;
      // Killed once libvirt has the guest and it boots, before the portal heard it run.
      for (let i = 0; i < 300; i++) {
        if ((await virsh.run(['domstate', id]).catch(() => '')).trim() === 'running') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      expect((await row(id)).status).toBe(VmStatus.LAUNCHING);
      expect((await virsh.run(['domstate', id])).trim()).toBe('running');

      child = start();
      await ready();
      expect((await until(id, VmStatus.RUNNING)).status).toBe(VmStatus.RUNNING);
      const ops = await database.db.select().from(operations).where(eq(operations.resourceId, id));
      expect(ops.map((o) => [o.kind, o.state])).toEqual([['vm.create', 'succeeded']]);
      expect(
        (await virsh.run(['list', '--all', '--name'])).split('\n').filter((n) => n.trim() === id),
      ).toHaveLength(1);

      // The guest dies without the portal asking (pulled on the host).
      await virsh.run(['destroy', id]);
      const stopped = await until(id, VmStatus.STOPPED);
      expect([stopped.status, stopped.statusReason, stopped.pendingOperation]).toEqual([
        VmStatus.STOPPED,
        'CLOUD_GUEST_POWERED_OFF',
        null,
      ]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});
