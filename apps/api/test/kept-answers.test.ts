// The heavier reads kept as sent (decision 0028) stay exact: each answer is asked, the thing it
// reads is changed, and the next answer shows the change. Without the version triggers of
// migration 0039 or the meter's hour in the keys, the second answers here are the first again.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmStatus,
  VmStatus,
  type Dashboard,
  type SearchAnswer,
  type TotalMetrics,
  type Valuation,
  type VmMetrics,
} from '@portal/shared';
import { body, build, TEST_PASSWORD, type Tenant, type TestApp } from './build.js';
import { seedVms } from './fleet.js';
import { alarms, orders, ticketResponses, tickets, vmMetricSamples } from '../src/db/schema/index.js';
import { writeTotals } from '../src/modules/metrics/sampler.js';
import { floorHour, meterUsageHour } from '../src/modules/usage/metering.js';

let t: TestApp;
let a: Tenant;
let token: string;
let vmIds: string[];
beforeAll(async () => {
  t = await build();
  a = await t.createTenant();
  token = await t.signIn(a.root, a.client);
  // Running since three hours ago: the hour the meter meters below has their use.
  vmIds = await seedVms(
    t,
    a,
    [VmStatus.RUNNING, VmStatus.STOPPED],
    new Date(t.clock.now().getTime() - 3 * 3_600_000),
  );
});
afterAll(() => t.close());

async function get<T>(url: string, as = token): Promise<T> {
  const response = await t.request('GET', url, { token: as });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: T }>(response).data as T;
}
const text = async (url: string) => (await t.request('GET', url, { token })).body;

describe('kept answers follow every change they read', () => {
  it('the dashboard counts a VM created a second ago, and an alarm that just went off', async () => {
    const before = await get<Dashboard>('/api/dashboard');
    expect(before.counts.vms?.total).toBe(2);
    expect(await get<Dashboard>('/api/dashboard')).toEqual(before);

    await seedVms(t, a, [VmStatus.RUNNING], t.clock.now());
    expect((await get<Dashboard>('/api/dashboard')).counts.vms?.total).toBe(3);

    const now = t.clock.now();
    const [alarm] = await t.db
      .insert(alarms)
      .values({
        clientId: a.client.id,
        name: 'cpu-high',
        kind: 'metric',
        vmId: vmIds[0],
        metric: 'cpu',
        operator: '>',
        critical: 80,
        continuance: 3,
        coolDownMinutes: 10,
        emails: ['ops@example.com'],
        status: AlarmStatus.NORMAL,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    expect((await get<Dashboard>('/api/dashboard')).alarming ?? []).toEqual([]);
    await t.db.update(alarms).set({ status: AlarmStatus.ALARMING }).where(eq(alarms.id, alarm!.id));
    expect((await get<Dashboard>('/api/dashboard')).alarming?.map((x) => x.alarmName)).toEqual(['cpu-high']);
  });

  it('the search finds an IAM user created through the API just after it found none', async () => {
    const ask = () => get<SearchAnswer>('/api/search?q=nightshift');
    expect((await ask()).hits).toEqual([]);
    const created = await t.request('POST', '/api/iam/users', {
      token,
      body: { account: 'nightshift', password: TEST_PASSWORD, roles: ['readOnly'], email: 'n@example.com' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await ask()).hits.map((h) => h.title)).toContain('nightshift');
  });

  it('the order lists and their CSV show an order written a moment ago', async () => {
    const before = await get<{ total: number }>('/api/orders/history');
    const csvBefore = await text('/api/orders.csv');
    const today = t.clock.now().toISOString().slice(0, 10);
    await t.db.insert(orders).values({
      clientId: a.client.id,
      orderNo: `O${randomUUID().slice(0, 12)}`,
      resType: 'vm',
      vmId: vmIds[1],
      resName: 'vm-1',
      months: 12,
      orderDate: today,
      endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      status: 1,
      autoRenew: false,
      monthlyPrice: '1000.0000',
      termPrice: '12000.0000',
      account: a.root.account,
    });
    expect((await get<{ total: number }>('/api/orders/history')).total).toBe(before.total + 1);
    expect((await get<{ total: number }>('/api/orders')).total).toBe(before.total + 1);
    const csv = await text('/api/orders.csv');
    expect(csv.split('\n').length).toBe(csvBefore.split('\n').length + 1);
  });

  it('the valuation, the report and the dashboard’s spend move on when the meter meters an hour', async () => {
    const valuation = await get<Valuation>('/api/valuation');
    const report = await text('/api/usage/report.csv');
    const spend = (await get<Dashboard>('/api/dashboard')).spend;
    const hour = floorHour(new Date(t.clock.now().getTime() - 3_600_000));
    expect(await meterUsageHour(t.db, hour)).toEqual([hour]);
    const after = await get<Valuation>('/api/valuation');
    expect(after.meteredThrough).not.toBe(valuation.meteredThrough);
    expect(await text('/api/usage/report.csv')).not.toBe(report);
    expect((await get<Dashboard>('/api/dashboard')).spend?.meteredThrough).not.toBe(spend?.meteredThrough);
  });

  it('two users of one tenant with other roles never get each other’s kept answer', async () => {
    const billing = await t.createIam(a.client, { roles: ['billingViewer'] });
    const theirs = await t.signIn(billing, a.client);
    expect((await get<Dashboard>('/api/dashboard')).counts.vms).toBeDefined();
    expect((await get<Dashboard>('/api/dashboard', theirs)).counts.vms).toBeUndefined();
    expect(
      (await get<SearchAnswer>('/api/search?q=vm-', theirs)).hits.filter((h) => h.kind === 'vm'),
    ).toEqual([]);
    expect((await get<SearchAnswer>('/api/search?q=vm-')).hits.some((h) => h.kind === 'vm')).toBe(true);
  });

  it('a chart shows the minute sampled just after it was asked', async () => {
    const vm = `/api/metrics/vms/${vmIds[0]}?window=1h`;
    const total = '/api/metrics/total?window=1h';
    const before = await get<VmMetrics>(vm);
    const totalBefore = await get<TotalMetrics>(total);
    const minute = new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000 - 60_000);
    await t.db.insert(vmMetricSamples).values({
      vmId: vmIds[0]!,
      clientId: a.client.id,
      at: minute,
      cpuPct: 42,
      memPct: 50,
      diskReadBps: 1,
      diskWriteBps: 2,
      netInBps: 3,
      netOutBps: 4,
    });
    await writeTotals(t.db, eq(vmMetricSamples.clientId, a.client.id));
    const after = await get<VmMetrics>(vm);
    expect(after.samples).toBe(before.samples + 1);
    expect(after.latest?.cpuPct).toBe(42);
    expect((await get<TotalMetrics>(total)).latest?.at).not.toBe(totalBefore.latest?.at);
  });

  it('a ticket shows the staff answer written after it was read', async () => {
    const now = t.clock.now();
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        clientId: a.client.id,
        ticketNo: `T${randomUUID().slice(0, 12)}`,
        status: 'NEW',
        code: 'vm',
        remark: 'The VM is slow',
        contactName: 'Amy',
        contactMail: 'amy@example.com',
        vmName: 'vm-0',
        account: a.root.account,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const url = `/api/tickets/${ticket!.id}`;
    expect((await get<{ responses?: unknown[] }>(url)).responses ?? []).toEqual([]);
    await t.db.insert(ticketResponses).values({
      ticketId: ticket!.id,
      clientId: a.client.id,
      author: 'staff',
      authorName: 'ops@example.com',
      text: 'Looking into it',
      status: 'PROCESS',
      createdAt: now,
    });
    expect((await get<{ responses?: { text: string }[] }>(url)).responses?.map((r) => r.text)).toEqual([
      'Looking into it',
    ]);
  });
});
