import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmStatus } from '@portal/shared';
import { buildApp } from '../src/app.js';
import type { CloudDriver } from '../src/cloud/driver.js';
import { createSimulator } from '../src/cloud/simulator/simulator.js';
import { loadConfig } from '../src/config.js';
import { postgresDatabase } from '../src/db/database.js';
import { operations, simServers, simTasks, vms } from '../src/db/schema/index.js';
import { TEST_PASSWORD } from './build.js';
import { portal, SECRETS_KEY, seedTenant, vmBody, vmOnceIn } from './spawned-portal.js';
import { postgresDatabaseForTest } from './fresh-database.js';

/**
 * Operations on PostgreSQL, as production runs them: a server killed mid-operation leaves it to be
 * finished after a restart, and two instances on one database never do one operation twice.
 * PostgreSQL only (TEST_DATABASE_URL, set in CI): PGlite is one process's database.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('operations on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof postgresDatabaseForTest>>;
  let seeded: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    database = await postgresDatabaseForTest(serverUrl!);
    seeded = await seedTenant(database.db);
  });
  afterAll(() => database?.close());

  it('finishes an operation after the server was killed (kill -9) mid-way, and only once', async () => {
    const { start, ready, call, signIn } = portal(database.url);
    let child: ChildProcess = start();
    try {
      await ready();
      const token = await signIn();
      const vm = (await call('POST', '/api/vms', token, vmBody(seeded.network.vpc.id, 'survivor'))).data;
      expect(vm.status).toBe(VmStatus.LAUNCHING);
      // The cloud has the request; the server dies without a word.
      for (let i = 0; i < 50; i++) {
        const [op] = await database.db
          .select()
          .from(operations)
          .where(eq(operations.resourceId, vm.uuid as string));
        if (op?.submittedAt) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      child = start();
      await ready();
      let status: unknown;
      for (let i = 0; i < 300 && status !== VmStatus.RUNNING; i++) {
        await new Promise((r) => setTimeout(r, 100));
        [{ status }] = (await database.db
          .select({ status: vms.status })
          .from(vms)
          .where(eq(vms.id, vm.uuid as string))) as [{ status: number }];
      }
      expect(status).toBe(VmStatus.RUNNING);
      const ops = await database.db
        .select()
        .from(operations)
        .where(eq(operations.resourceId, vm.uuid as string));
      expect(ops.map((o) => o.state)).toEqual(['succeeded']);
      expect(
        await database.db
          .select()
          .from(simTasks)
          .where(eq(simTasks.resourceId, vm.uuid as string)),
      ).toHaveLength(1);
      expect(
        await database.db
          .select()
          .from(simServers)
          .where(eq(simServers.id, vm.uuid as string)),
      ).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);

  it('sees a guest that powered itself off while the portal was down (kill -9) as stopped after the restart', async () => {
    // The reconcile job each second (on a timer), so the test need not wait for a minute's tick.
    const { start, ready, call, signIn } = portal(database.url, { VM_RECONCILE_SECONDS: '1' });
    const until = (id: string, status: number) => vmOnceIn(database.db, id, status);
    let child: ChildProcess = start();
    try {
      await ready();
      const token = await signIn();
      const vm = (await call('POST', '/api/vms', token, vmBody(seeded.network.vpc.id, 'lone'))).data;
      const id = vm.uuid as string;
      expect((await until(id, VmStatus.RUNNING)).status).toBe(VmStatus.RUNNING);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // While nobody watches, the guest powers itself off.
      await database.db.update(simServers).set({ power: 'off' }).where(eq(simServers.id, id));

      child = start();
      await ready();
      const row = await until(id, VmStatus.STOPPED);
      expect([row.status, row.statusReason, row.pendingOperation]).toEqual([
        VmStatus.STOPPED,
        'CLOUD_GUEST_POWERED_OFF',
        null,
      ]);
      // Seen, not done: no operation was started for it.
      const ops = await database.db.select().from(operations).where(eq(operations.resourceId, id));
      expect(ops.map((o) => [o.kind, o.state])).toEqual([['vm.create', 'succeeded']]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);

  it('two instances on one database run each operation once', async () => {
    const submits = new Map<string, number>();
    const counting = (driver: CloudDriver): CloudDriver =>
      new Proxy(driver, {
        get(target, key: keyof CloudDriver) {
          const value = target[key];
          if (typeof value !== 'function' || key === 'task') return value;
          return (ref: { operationId: string }, ...rest: unknown[]) => {
            submits.set(ref.operationId, (submits.get(ref.operationId) ?? 0) + 1);
            return (value as (...a: unknown[]) => Promise<void>).call(target, ref, ...rest);
          };
        },
      });
    const config = { ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY }), webDist: '/nonexistent' };
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const db = postgresDatabase(database.url);
        const cloud = counting(
          createSimulator({ db: db.db, clock: { now: () => new Date() }, timeScale: 0 }),
        );
        const app = await buildApp({ config, database: db, cloud, logger: false });
        return { app, db };
      }),
    );
    try {
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: 'durable@example.com', password: TEST_PASSWORD },
      });
      const token = (login.json() as { data: { token: string } }).data.token;
      const created = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).app.inject({
            method: 'POST',
            url: '/api/vms',
            headers: { authorization: `Bearer ${token}` },
            payload: vmBody(seeded.network.vpc.id, `twin-${i}`),
          }),
        ),
      );
      const ids = created.map((r) => (r.json() as { data: { uuid: string } }).data.uuid);
      const opIds = (await database.db.select().from(operations))
        .filter((o) => ids.includes(o.resourceId))
        .map((o) => o.id);
      // Both instances go for every operation at once; the lease lets one through.
      for (const id of opIds) {
        a.app.operations.kick(id);
        b.app.operations.kick(id);
      }
      for (let i = 0; i < 100; i++) {
        await Promise.all([a.app.operations.idle(), b.app.operations.idle()]);
        const open = (await database.db.select().from(operations)).filter(
          (o) => opIds.includes(o.id) && o.state !== 'succeeded',
        );
        if (open.length === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const states = (await database.db.select().from(operations))
        .filter((o) => opIds.includes(o.id))
        .map((o) => o.state);
      expect(states).toEqual(opIds.map(() => 'succeeded'));
      expect(opIds.map((id) => submits.get(id))).toEqual(opIds.map(() => 1));
      const running = await database.db.select({ status: vms.status }).from(vms);
      expect(running.filter((v) => v.status === VmStatus.RUNNING).length).toBeGreaterThanOrEqual(12);
    } finally {
      for (const { app, db } of instances) {
        await app.close();
        await db.close();
      }
    }
  }, 60_000);

  it('an instance that stops hands an operation the cloud has not finished to another, not after its lease', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY }),
      webDist: '/nonexistent',
      jobPollingSeconds: 0.5,
      // Long: a hand-over that waited for it would fail the test.
      operationLeaseMs: 60_000,
    };
    // The first instance's cloud holds a stop request until told: the instance stops meanwhile.
    let releaseStop = () => {};
    const stopHeld = new Promise<void>((resolve) => (releaseStop = resolve));
    const instances = await Promise.all(
      [0, 1].map(async (i) => {
        const db = postgresDatabase(database.url);
        // A launch takes 2.5 to 4.5 s (a delayed job), a stop 0.6 to 1.2 s.
        const simulator = createSimulator({ db: db.db, clock: { now: () => new Date() }, timeScale: 0.1 });
        const cloud: CloudDriver =
          i === 0
            ? {
                ...simulator,
                stopServer: async (...args) => {
                  await stopHeld;
                  return simulator.stopServer(...args);
                },
              }
            : simulator;
        const app = await buildApp({ config, database: db, cloud, logger: false, schedules: false });
        await app.ready();
        return { app, db };
      }),
    );
    // The second instance only takes jobs: it is the one left to finish what the first handed over.
    const a = instances[0]!;
    const opOf = async (vmId: string, kind: string) =>
      (await database.db.select().from(operations).where(eq(operations.resourceId, vmId))).find(
        (o) => o.kind === kind,
      );
    const waitFor = async <T>(probe: () => Promise<T | undefined | false>, ms: number): Promise<T> => {
      for (const deadline = Date.now() + ms; Date.now() < deadline;) {
        const value = await probe();
        if (value) return value;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('not in time');
    };
    try {
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: 'durable@example.com', password: TEST_PASSWORD },
      });
      const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/vms',
        headers,
        payload: vmBody(seeded.network.vpc.id, 'handed-over'),
      });
      const vmId = (created.json() as { data: { uuid: string } }).data.uuid;
      await waitFor(async () => (await opOf(vmId, 'vm.create'))?.state === 'succeeded', 20_000);

      const stop = await a.app.inject({ method: 'POST', url: `/api/vms/${vmId}/stop`, headers });
      expect(stop.statusCode).toBe(200);
      const held = await waitFor(async () => {
        const op = await opOf(vmId, 'vm.stop');
        return op?.state === 'running' && op.worker ? op : undefined;
      }, 5_000);
      const stoppedAt = Date.now();
      // As a drain stops it: no job taken, no operation run here any more.
      const stopping = Promise.all([a.app.jobs.stop(), a.app.operations.stop()]);
      releaseStop();
      await stopping;
      // Not under the first instance's lease: handed to the queue for when the cloud is done.
      const [handed] = await database.db.select().from(operations).where(eq(operations.id, held.id));
      expect(handed?.worker).toBeNull();
      const done = await waitFor(async () => {
        const op = await opOf(vmId, 'vm.stop');
        return op?.state === 'succeeded' ? op : undefined;
      }, 20_000);
      expect(done.worker).not.toBe(held.worker);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      const [vm] = await database.db.select({ status: vms.status }).from(vms).where(eq(vms.id, vmId));
      expect(vm?.status).toBe(VmStatus.STOPPED);
    } finally {
      for (const { app, db } of instances) {
        await app.close();
        await db.close();
      }
    }
  }, 60_000);
});
