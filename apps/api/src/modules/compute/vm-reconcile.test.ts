import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { VmStatus, type Vm } from '@portal/shared';
import { auditLog, clients, simServers, vms } from '../../db/schema/index.js';
import { body, buildSignedIn, type SignedIn, type TestApp } from '../../../test/build.js';
import { seedVms } from '../../../test/fleet.js';
import { jobsSettled } from '../../../test/jobs-settled.js';
import { correctionOf, reconcileVms, VM_RECONCILE_QUEUE } from './vm-reconcile.js';

let t: TestApp, a: SignedIn, b: SignedIn;
/** Tenant a's VMs (running, running, stopped, running, running) and tenant b's (running, stopped). */
let mine: string[], theirs: string[];
const CREATED = new Date('2026-01-05T00:00:00Z');

beforeAll(async () => {
  ({ t, tenant: a } = await buildSignedIn());
  b = await t.signedInTenant();
  mine = await seedVms(
    t,
    a,
    [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.STOPPED, VmStatus.RUNNING, VmStatus.RUNNING],
    CREATED,
  );
  theirs = await seedVms(t, b, [VmStatus.RUNNING, VmStatus.STOPPED], CREATED);
});
afterAll(() => t.close());

/** One run of the job, as its schedule starts it: a job of its queue, taken by the app. */
async function reconcileOnce() {
  await t.app.jobs.send(VM_RECONCILE_QUEUE, {});
  await jobsSettled(t.database.sqlExecutor, [VM_RECONCILE_QUEUE]);
}
const vm = async (id: string) => (await t.db.select().from(vms).where(eq(vms.id, id)))[0]!;
const versionOf = async (tenant: SignedIn) =>
  (await t.db.select().from(clients).where(eq(clients.id, tenant.client.id)))[0]!.resourcesVersion;
const rowsOf = (ids: string[]) => t.db.select().from(vms).where(inArray(vms.id, ids)).orderBy(vms.name);
const powerOff = (id: string) => t.db.update(simServers).set({ power: 'off' }).where(eq(simServers.id, id));
const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;

describe('the reconcile job', () => {
  it('changes nothing while the portal and the cloud agree', async () => {
    const before = { rows: await rowsOf([...mine, ...theirs]), a: await versionOf(a), b: await versionOf(b) };
    expect(await reconcileVms({ db: t.db, driver: t.app.cloud, clock: t.clock, log: silent })).toEqual({
      checked: 7,
      changed: 0,
    });
    await reconcileOnce();
    expect(await rowsOf([...mine, ...theirs])).toEqual(before.rows);
    expect([await versionOf(a), await versionOf(b)]).toEqual([before.a, before.b]);
  });

  it('sees a guest that powered itself off as stopped after one run, with the reason, and lists see it', async () => {
    const [id] = mine as [string];
    const list = async () =>
      body<{ data: { records: Vm[] } }>(await t.request('GET', '/api/vms', { token: a.token })).data.records;
    // The list answer is kept from now on, until the tenant's resources version moves.
    expect((await list()).find((v) => v.uuid === id)?.status).toBe(VmStatus.RUNNING);
    await powerOff(id);
    const version = await versionOf(a);
    const audited = (await t.db.select().from(auditLog)).length;
    t.clock.advance(60_000);
    await reconcileOnce();
    const row = await vm(id);
    expect(row.status).toBe(VmStatus.STOPPED);
    expect(row.statusReason).toBe('CLOUD_GUEST_POWERED_OFF');
    expect(row.pendingOperation).toBeNull();
    expect(row.lastShutdownAt).toEqual(t.clock.now());
    // The change moved the tenant's resources version: the kept list answer is not served again.
    expect(await versionOf(a)).toBeGreaterThan(version);
    expect((await list()).find((v) => v.uuid === id)?.status).toBe(VmStatus.STOPPED);
    // Not a user's action: nothing audited.
    expect((await t.db.select().from(auditLog)).length).toBe(audited);
  });

  it('leaves a VM alone while an operation is pending on it', async () => {
    const id = mine[1]!;
    await t.db.update(vms).set({ pendingOperation: 'reboot' }).where(eq(vms.id, id));
    await powerOff(id);
    await reconcileOnce();
    const row = await vm(id);
    expect([row.status, row.pendingOperation, row.statusReason]).toEqual([VmStatus.RUNNING, 'reboot', null]);
  });

  it('puts a VM the cloud no longer has in error, with the reason', async () => {
    const id = mine[2]!;
    await t.db.update(simServers).set({ deletedAt: t.clock.now() }).where(eq(simServers.id, id));
    await reconcileOnce();
    const row = await vm(id);
    expect([row.status, row.statusReason]).toEqual([VmStatus.ERROR, 'CLOUD_SERVER_MISSING']);
  });

  it("changes only the VM that disagrees: another tenant's rows and version stay as they were", async () => {
    const id = mine[3]!;
    const before = { rows: await rowsOf(theirs), version: await versionOf(b), other: await vm(mine[4]!) };
    await powerOff(id);
    await reconcileOnce();
    expect((await vm(id)).status).toBe(VmStatus.STOPPED);
    expect(await vm(mine[4]!)).toEqual(before.other);
    expect(await rowsOf(theirs)).toEqual(before.rows);
    expect(await versionOf(b)).toBe(before.version);
  });

  it('writes nothing when an operation came and went between its reading and its answer', async () => {
    const id = mine[4]!;
    await powerOff(id);
    // While the cloud is asked, the VM is stopped and started again by its operations.
    const driver = {
      serverStates: async (ids: string[]) => {
        await t.db
          .update(vms)
          .set({ lastBootAt: new Date(t.clock.now().getTime() + 1000) })
          .where(eq(vms.id, id));
        return t.app.cloud.serverStates(ids);
      },
    };
    const result = await reconcileVms({ db: t.db, driver, clock: t.clock, log: silent });
    expect(result.changed).toBe(0);
    expect((await vm(id)).status).toBe(VmStatus.RUNNING);
  });
});

describe('what a disagreement becomes', () => {
  it('maps each status and cloud state', () => {
    const { RUNNING, STOPPED, ERROR } = VmStatus;
    expect(correctionOf(RUNNING, 'running')).toBeNull();
    expect(correctionOf(STOPPED, 'stopped')).toBeNull();
    expect(correctionOf(RUNNING, 'stopped')).toEqual({
      status: STOPPED,
      statusReason: 'CLOUD_GUEST_POWERED_OFF',
      mark: 'lastShutdownAt',
    });
    expect(correctionOf(STOPPED, 'running')).toEqual({
      status: RUNNING,
      statusReason: null,
      mark: 'lastBootAt',
    });
    for (const status of [RUNNING, STOPPED]) {
      expect(correctionOf(status, 'missing')?.status).toBe(ERROR);
      expect(correctionOf(status, 'error')).toEqual({
        status: ERROR,
        statusReason: 'CLOUD_GUEST_CRASHED',
        mark: null,
      });
    }
  });
});
