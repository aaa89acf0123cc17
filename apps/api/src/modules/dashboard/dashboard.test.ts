import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmStatus,
  BUCKET_KEYS_MAX,
  CCIS_MAX_GB,
  FIREWALL_LIMIT,
  VmStatus,
  dashboardSchema,
  type Dashboard,
} from '@portal/shared';
import { body, build, type Tenant, type TestApp } from '../../../test/build.js';
import { seedVms } from '../../../test/fleet.js';
import { alarms, ccisTerms, snapshotRules, vms } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The answer, checked against the shared schema (strictly: no field more or less). */
const dashboardOf = async (token: string) => {
  const response = await t.request('GET', '/api/dashboard', { token });
  expect(response.statusCode, response.body).toBe(200);
  const strict = dashboardSchema.strict();
  return strict.parse(body<{ data: unknown }>(response).data) as Dashboard;
};

async function alarm(tenant: Tenant, name: string, status: AlarmStatus, vmId?: string) {
  const now = t.clock.now();
  const common = {
    clientId: tenant.client.id,
    name,
    emails: ['ops@example.com'],
    status,
    createdAt: now,
    updatedAt: now,
  };
  await t.db.insert(alarms).values(
    vmId
      ? {
          ...common,
          kind: 'metric',
          vmId,
          metric: 'cpu',
          operator: '>',
          critical: 80,
          continuance: 3,
          coolDownMinutes: 10,
        }
      : { ...common, kind: 'budget', budgetAmount: '5000.0000', thresholdPct: 80 },
  );
}

describe('GET /api/dashboard', () => {
  let a: Tenant;
  let b: Tenant;
  let rootA: string;
  let ids: string[];

  beforeAll(async () => {
    a = await t.createTenant();
    b = await t.createTenant();
    const created = t.clock.now();
    ids = await seedVms(
      t,
      a,
      [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.STOPPED, VmStatus.LAUNCHING, VmStatus.ERROR],
      created,
    );
    // Another tenant's VMs and alarm: never in A's figures.
    const others = await seedVms(t, b, [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.ERROR], created);
    await alarm(b, 'b-cpu', AlarmStatus.ALARMING, others[0]);

    // One of A's VMs is protected by a snapshot rule (next due tomorrow: no snapshot is taken).
    const [rule] = await t.db
      .insert(snapshotRules)
      .values({
        clientId: a.client.id,
        name: 'nightly',
        cycle: 1,
        retained: 3,
        nextRunAt: new Date(created.getTime() + 86_400_000),
      })
      .returning();
    await t.db.update(vms).set({ snapshotRuleId: rule!.id }).where(eq(vms.id, ids[0]!));
    // A bigger running VM: the running totals add up its size.
    await t.db.update(vms).set({ cpuCore: 8, ramSize: 32 }).where(eq(vms.id, ids[1]!));

    await alarm(a, 'cpu-web', AlarmStatus.ALARMING, ids[0]);
    await alarm(a, 'cpu-db', AlarmStatus.ALARMING, ids[1]);
    await alarm(a, 'cpu-idle', AlarmStatus.NORMAL, ids[2]);
    await alarm(a, 'cpu-new', AlarmStatus.INSUFFICIENT_DATA, ids[3]);
    await alarm(a, 'budget', AlarmStatus.NORMAL);

    const today = t.clock.now().toISOString().slice(0, 10);
    await t.db.insert(ccisTerms).values({
      clientId: a.client.id,
      orderId: `DS-${randomUUID().slice(0, 8)}`,
      kind: 'new',
      months: 12,
      beginDate: '2020-01-01',
      expireDate: '2099-01-01',
      commitGb: 2000,
      autoExtend: true,
      monthlyPrice: '1100.0000',
      termPrice: '13200.0000',
      purchaseDay: today,
      idempotencyKey: randomUUID(),
      requestDigest: '2000:12:Y',
      account: a.root.account,
    });
    rootA = await t.signIn(a.root, a.client);
  });

  it("counts every kind of the root user's tenant by state, and only its own", async () => {
    const d = await dashboardOf(rootA);
    expect(d.counts.vms).toEqual({
      total: 5,
      states: { running: 2, stopped: 1, busy: 1, error: 1, unprotected: 4 },
    });
    expect(d.counts.alarms).toEqual({
      total: 5,
      states: { normal: 2, alarming: 2, insufficientData: 1 },
    });
    expect(d.alarming?.map((x) => x.alarmName)).toEqual(['cpu-db', 'cpu-web']);
    // Each VM has its root disk and one interface, attached.
    expect(d.counts.disks).toEqual({ total: 5, states: { attached: 5, unattached: 0 } });
    expect(d.counts.vnis).toEqual({ total: 5, states: { attached: 5, unattached: 0 } });
    expect(d.counts.vpcs?.total).toBe(1);
    expect(d.counts.firewalls?.total).toBe(1);
    expect(d.counts.snapshotRules).toEqual({ total: 1, states: {} });
    expect(d.counts.snapshots).toEqual({ total: 0, states: { completed: 0, busy: 0 } });
    expect(d.counts.buckets).toEqual({ total: 0, states: {} });
    expect(d.counts.orders).toEqual({ total: 0, states: { inForce: 0, aboutToExpire: 0 } });
    expect(d.counts.tickets).toEqual({ total: 0, states: { open: 0, waiting: 0 } });
    expect(Object.keys(d.counts).sort()).toEqual(
      [
        'alarms',
        'balancers',
        'buckets',
        'ccxClusters',
        'disks',
        'exchanges',
        'firewalls',
        'orders',
        'snapshotRules',
        'snapshots',
        'tickets',
        'vms',
        'vnis',
        'vpcs',
      ].sort(),
    );

    // Usage: the running VMs' size, and the limits the product enforces.
    expect(d.usage.running).toEqual({ vms: 2, vcpu: 2 + 8, ramGb: 4 + 32 });
    expect(d.usage.diskGb).toEqual({ total: 250, attached: 250 });
    expect(d.usage.dataDisksPerVm).toEqual({ limit: 3, vmsAtLimit: 0 });
    expect(d.usage.dataStore).toEqual({
      commitGb: 2000,
      limitGb: CCIS_MAX_GB,
      usedBytes: 0,
      expireDate: '2099-01-01',
    });
    expect(d.usage.limits).toEqual([
      { id: 'firewalls', used: 1, limit: FIREWALL_LIMIT },
      { id: 'bucketKeys', used: 0, limit: BUCKET_KEYS_MAX },
      { id: 'dataStoreCommitGb', used: 2000, limit: CCIS_MAX_GB },
    ]);
    // The valuation's figures (nothing metered in this test) and the budget alarm.
    expect(d.spend).toMatchObject({ currency: 'TWD', monthToDate: '0.0000', forecast: '0.0000' });
    expect(d.spend?.budget).toMatchObject({
      alarmName: 'budget',
      amount: '5000.0000',
      thresholdPct: 80,
      status: 0,
    });
  });

  it('follows a change at once: a VM that starts is counted running', async () => {
    await t.db.update(vms).set({ status: VmStatus.RUNNING }).where(eq(vms.id, ids[2]!));
    const d = await dashboardOf(rootA);
    expect(d.counts.vms?.states).toMatchObject({ running: 3, stopped: 0 });
    expect(d.usage.running?.vms).toBe(3);
    await t.db.update(vms).set({ status: VmStatus.STOPPED }).where(eq(vms.id, ids[2]!));
  });

  it("leaves out each kind the caller's roles may not view (not zero)", async () => {
    const operator = await t.createIam(a.client, { roles: ['computeOperator'] });
    const d = await dashboardOf(await t.signIn(operator, a.client));
    // computeOperator: VMs, disks, snapshots (manage); VPCs, VNIs, firewalls (view).
    expect(Object.keys(d.counts).sort()).toEqual(
      ['disks', 'firewalls', 'snapshotRules', 'snapshots', 'tickets', 'vms', 'vnis', 'vpcs'].sort(),
    );
    expect(d.alarming).toBeUndefined();
    expect(d.spend).toBeUndefined();
    expect(d.usage.dataStore).toBeUndefined();
    expect(d.usage.limits.map((l) => l.id)).toEqual(['firewalls']);
    expect(d.usage.running).toEqual({ vms: 2, vcpu: 10, ramGb: 36 });

    const billing = await t.createIam(a.client, { roles: ['billingViewer'] });
    const bd = await dashboardOf(await t.signIn(billing, a.client));
    expect(Object.keys(bd.counts)).toEqual(['orders', 'tickets']);
    expect(bd.usage).toEqual({ limits: [] });
    // The spend, but not the budget alarm (an alarm: monitor/alarm).
    expect(bd.spend?.monthToDate).toBe('0.0000');
    expect(bd.spend && 'budget' in bd.spend).toBe(false);
  });

  it('refuses a user without the dashboard leaf (403) and a caller without a session (401)', async () => {
    const nobody = await t.createIam(a.client, { roles: [] });
    const response = await t.request('GET', '/api/dashboard', { token: await t.signIn(nobody, a.client) });
    expect(response.statusCode).toBe(403);
    expect((await t.request('GET', '/api/dashboard')).statusCode).toBe(401);
  });

  it("counts another tenant's own figures for it", async () => {
    const d = await dashboardOf(await t.signIn(b.root, b.client));
    expect(d.counts.vms).toEqual({
      total: 3,
      states: { running: 2, stopped: 0, busy: 0, error: 1, unprotected: 3 },
    });
    expect(d.counts.alarms?.states).toEqual({ normal: 0, alarming: 1, insufficientData: 0 });
    expect(d.alarming).toEqual([{ uuid: expect.any(String), alarmName: 'b-cpu' }]);
    expect(d.usage.dataStore).toBeNull();
    expect(d.spend?.budget).toBeNull();
  });
});
