import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { VmStatus, type MetricVm, type TotalMetrics, type VmMetrics } from '@portal/shared';
import { simServers, vmMetricHourly, vmMetricSamples, vmMetricTotals } from '../../db/schema/index.js';
import { body, build, ok, type Tenant, type TestApp } from '../../../test/build.js';
import { seedVms } from '../../../test/fleet.js';
import { seedDemoMetrics } from './demo-metrics.js';
import { rollUpVmMetrics, sampleVmMetrics, type MetricsSamplerDeps } from './sampler.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A minute and a half past ten: samples of this minute are at 10:00:00. */
const START = new Date('2026-03-02T10:00:30Z');

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
/** A's VMs: three running, one stopped; B's: one running. */
let runA: string[];
let stoppedA: string;
let runB: string;
const heard: Date[] = [];

const fleet = (tenant: Tenant, statuses: VmStatus[]) =>
  seedVms(t, tenant, statuses, new Date(START.getTime() - 30 * 24 * HOUR));

const deps = (): MetricsSamplerDeps => ({
  db: t.db,
  driver: t.app.cloud,
  log: t.app.log,
  sampleSeconds: 60,
  onSampled: [async (at) => void heard.push(at)],
});
/** The sampler at `now`, with the clock there too (the simulated cloud reads its own clock). */
const sampleAt = (now: Date) => {
  t.clock.set(now);
  return sampleVmMetrics(deps(), now);
};
const samplesOf = (vmId: string) =>
  t.db.select().from(vmMetricSamples).where(eq(vmMetricSamples.vmId, vmId)).orderBy(asc(vmMetricSamples.at));
const rowsAt = (at: Date) => t.db.select().from(vmMetricSamples).where(eq(vmMetricSamples.at, at));

const chart = async (vmId: string, window: string, token = tokenA) =>
  ok<VmMetrics>(await t.request('GET', `/api/metrics/vms/${vmId}?window=${window}`, { token }));
const total = async (window: string, token = tokenA) =>
  ok<TotalMetrics>(await t.request('GET', `/api/metrics/total?window=${window}`, { token }));

beforeAll(async () => {
  t = await build();
  a = await t.createTenant();
  b = await t.createTenant();
  const idsA = await fleet(a, [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.STOPPED]);
  runA = idsA.slice(0, 3);
  stoppedA = idsA[3]!;
  [runB] = (await fleet(b, [VmStatus.RUNNING])) as [string];
  t.clock.set(START);
  tokenA = await t.signIn(a.root, a.client);
  tokenB = await t.signIn(b.root, b.client);
});
afterAll(() => t.close());

describe('the sampling job', () => {
  it('writes one row per running VM for the minute, none for a stopped one, and each tenant’s total', async () => {
    const result = await sampleAt(START);
    const minute = new Date('2026-03-02T10:00:00Z');
    expect(result.at).toEqual(minute);
    expect(result.running).toBe(4);
    const rows = await rowsAt(minute);
    expect(rows.map((r) => r.vmId).sort()).toEqual([...runA, runB].sort());
    expect(rows.find((r) => r.vmId === runB)?.clientId).toBe(b.client.id);
    for (const r of rows) {
      expect(r.cpuPct).toBeGreaterThan(0);
      expect(r.cpuPct).toBeLessThanOrEqual(100);
      expect(r.memPct).toBeGreaterThan(0);
      expect(r.netInBps).toBeGreaterThan(0);
    }
    expect(await samplesOf(stoppedA)).toEqual([]);

    const totals = await t.db.select().from(vmMetricTotals).where(eq(vmMetricTotals.at, minute));
    const totalA = totals.find((r) => r.clientId === a.client.id)!;
    const rowsA = rows.filter((r) => r.clientId === a.client.id);
    expect(totalA.vms).toBe(3);
    expect(totalA.cpuPct).toBeCloseTo(rowsA.reduce((n, r) => n + r.cpuPct, 0) / 3, 3);
    expect(totalA.netInBps).toBeCloseTo(
      rowsA.reduce((n, r) => n + r.netInBps, 0),
      3,
    );
    expect(totals.find((r) => r.clientId === b.client.id)?.vms).toBe(1);
    expect(heard.at(-1)).toEqual(minute);
  });

  it('writes nothing twice when the minute is sampled again (a retry, a second instance)', async () => {
    const before = await rowsAt(new Date('2026-03-02T10:00:00Z'));
    const again = await sampleAt(new Date(START.getTime() + 20_000));
    expect(again.written).toBe(0);
    const after = await rowsAt(new Date('2026-03-02T10:00:00Z'));
    expect(after).toHaveLength(before.length);
    expect(after.map((r) => r.cpuPct).sort()).toEqual(before.map((r) => r.cpuPct).sort());
  });

  it('skips a VM the cloud reports off, and one in a batch of its own', async () => {
    // The portal still thinks it runs; the cloud says it is off: no reading, no row.
    await t.db.update(simServers).set({ power: 'off' }).where(eq(simServers.id, runA[2]!));
    t.clock.set(new Date(START.getTime() + MINUTE));
    const result = await sampleVmMetrics({ ...deps(), batchSize: 1 }, t.clock.now());
    expect(result.written).toBe(3);
    const rows = await rowsAt(new Date('2026-03-02T10:01:00Z'));
    expect(rows.map((r) => r.vmId).sort()).toEqual([runA[0], runA[1], runB].sort());
    await t.db.update(simServers).set({ power: 'on' }).where(eq(simServers.id, runA[2]!));
  });

  it('follows a `stress` run typed in the VM’s console: CPU near full until it ends', async () => {
    const vmId = runA[0]!;
    t.clock.set(new Date('2026-03-02T10:02:10Z'));
    const console = await t.app.cloud.openConsole(vmId);
    let screen = '';
    console.onData((text) => (screen += text));
    console.write('root\r');
    console.write('secret\r');
    console.write('stress --timeout 120s\r');
    await expect.poll(() => screen, { timeout: 5000 }).toContain('dispatching hogs: 2 cpu');
    await expect.poll(() => screen).toMatch(/until 10:04:10 UTC\r\nroot@vm-0:~# $/);
    console.close();

    await sampleAt(new Date('2026-03-02T10:03:00Z'));
    const [during] = await t.db
      .select()
      .from(vmMetricSamples)
      .where(and(eq(vmMetricSamples.vmId, vmId), eq(vmMetricSamples.at, new Date('2026-03-02T10:03:00Z'))));
    expect(during!.cpuPct).toBeGreaterThanOrEqual(92);
    await sampleAt(new Date('2026-03-02T10:05:00Z'));
    const [afterwards] = await t.db
      .select()
      .from(vmMetricSamples)
      .where(and(eq(vmMetricSamples.vmId, vmId), eq(vmMetricSamples.at, new Date('2026-03-02T10:05:00Z'))));
    expect(afterwards!.cpuPct).toBeLessThan(90);
  });
});

describe('the charts', () => {
  beforeAll(async () => {
    // Minutes 10:00 to 10:20 sampled (10:04 is missing: a gap in the chart).
    for (let m = 2; m <= 20; m++) if (m !== 4) await sampleAt(new Date(START.getTime() + m * MINUTE));
    t.clock.set(new Date('2026-03-02T10:20:45Z'));
  });

  it('answers a VM’s window in buckets, a minute each up to an hour, with a gap where no sample fell', async () => {
    const vmId = runA[1]!;
    const rows = await samplesOf(vmId);
    const c = await chart(vmId, '15m');
    expect(c.vm).toEqual({ uuid: vmId, name: 'vm-1', status: VmStatus.RUNNING });
    expect(c).toMatchObject({
      window: '15m',
      stepSeconds: 60,
      sampleSeconds: 60,
      from: '2026-03-02T10:06:00.000Z',
      to: '2026-03-02T10:21:00.000Z',
      samples: 15,
    });
    expect(c.at).toHaveLength(15);
    expect(c.at[0]).toBe('2026-03-02T10:06:00.000Z');
    const byMinute = new Map(rows.map((r) => [r.at.toISOString(), r]));
    expect(c.series.cpuPct).toEqual(c.at.map((at) => Math.round(byMinute.get(at)!.cpuPct * 100) / 100));
    expect(c.series.netOutBps[0]).toBe(Math.round(byMinute.get(c.at[0]!)!.netOutBps));
    expect(c.latest).toMatchObject({
      at: '2026-03-02T10:20:00.000Z',
      cpuPct: byMinute.get('2026-03-02T10:20:00.000Z')!.cpuPct,
    });

    const hour = await chart(vmId, '1h');
    expect(hour.at).toHaveLength(60);
    expect(hour.samples).toBe(20);
    const at = (iso: string) => hour.at.indexOf(iso);
    expect(hour.series.cpuPct[at('2026-03-02T10:03:00.000Z')]).not.toBeNull();
    expect(hour.series.cpuPct[at('2026-03-02T10:04:00.000Z')]).toBeNull();
    expect(hour.series.memPct[at('2026-03-02T09:59:00.000Z')]).toBeNull();
  });

  it('averages longer windows into wider buckets: at most 300 points', async () => {
    const vmId = runA[1]!;
    const twelve = await chart(vmId, '12h');
    expect(twelve.stepSeconds).toBe(180);
    expect(twelve.at).toHaveLength(240);
    const day = await chart(vmId, '1d');
    expect(day.stepSeconds).toBe(300);
    expect(day.at).toHaveLength(288);
    expect(day.samples).toBe(20);
    // 10:00-10:04:59 holds the samples of 10:00, 10:01, 10:02, 10:03 (10:04 is missing).
    const rows = (await samplesOf(vmId)).filter((r) => r.at < new Date('2026-03-02T10:05:00Z'));
    const i = day.at.indexOf('2026-03-02T10:00:00.000Z');
    expect(day.series.cpuPct[i]).toBeCloseTo(rows.reduce((n, r) => n + r.cpuPct, 0) / rows.length, 1);
    const week = await chart(vmId, '7d');
    expect(week.stepSeconds).toBe(3600);
    expect(week.at).toHaveLength(168);
    const month = await chart(vmId, '30d');
    expect(month.at.length).toBeLessThanOrEqual(300);
  });

  it('answers the tenant’s total: average CPU, summed network, how many VMs reported', async () => {
    const sum = await total('15m');
    expect(sum.runningVms).toBe(3);
    expect(sum.at).toHaveLength(15);
    expect(sum.latest?.vms).toBe(3);
    expect(sum.series.vms.at(-1)).toBe(3);
    const rows = await rowsAt(new Date('2026-03-02T10:20:00Z'));
    const own = rows.filter((r) => r.clientId === a.client.id);
    expect(sum.series.cpuPct.at(-1)).toBeCloseTo(own.reduce((n, r) => n + r.cpuPct, 0) / own.length, 1);
    expect(sum.series.netInBps.at(-1)).toBeCloseTo(
      own.reduce((n, r) => n + r.netInBps, 0),
      -1,
    );
    // B sees its one VM only.
    expect((await total('1h', tokenB)).latest?.vms).toBe(1);
    const none = await t.request('GET', '/api/metrics/total?window=7d', { token: tokenA });
    expect(none.statusCode).toBe(400);
  });

  it('refuses a window it does not know, and another tenant’s VM is not found', async () => {
    expect(
      (await t.request('GET', `/api/metrics/vms/${runA[0]}?window=2h`, { token: tokenA })).statusCode,
    ).toBe(400);
    const theirs = await t.request('GET', `/api/metrics/vms/${runA[0]}?window=1h`, { token: tokenB });
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).msg).toBe('VM_NOT_FOUND');
    expect((await t.request('GET', '/api/metrics/vms/not-a-uuid', { token: tokenA })).statusCode).toBe(404);
    // A stopped VM has a chart, empty.
    const stopped = await chart(stoppedA, '1h');
    expect(stopped.samples).toBe(0);
    expect(stopped.latest).toBeNull();
    expect(stopped.series.cpuPct.every((v) => v === null)).toBe(true);
  });

  it('lists the tenant’s VMs for the filter, by name, searched and paged on the server', async () => {
    const all = ok<{ records: MetricVm[]; total: number }>(
      await t.request('GET', '/api/metrics/vms?limit=2', { token: tokenA }),
    );
    expect(all.total).toBe(4);
    expect(all.records.map((r) => r.name)).toEqual(['vm-0', 'vm-1']);
    const found = ok<{ records: MetricVm[]; total: number }>(
      await t.request('GET', '/api/metrics/vms?search=VM-3', { token: tokenA }),
    );
    expect(found.records).toEqual([
      { uuid: stoppedA, name: 'vm-3', status: VmStatus.STOPPED, privateIP: '10.0.0.13' },
    ]);
    const theirs = ok<{ records: MetricVm[] }>(await t.request('GET', '/api/metrics/vms', { token: tokenB }));
    expect(theirs.records.map((r) => r.uuid)).toEqual([runB]);
  });

  it('needs monitor/usage: a network operator is refused, a billing viewer may look', async () => {
    const network = await t.createIam(a.client, { roles: ['networkOperator'] });
    const billing = await t.createIam(a.client, { roles: ['billingViewer'] });
    const asNetwork = await t.signIn(network, a.client);
    const asBilling = await t.signIn(billing, a.client);
    expect((await t.request('GET', `/api/metrics/vms/${runA[0]}`, { token: asNetwork })).statusCode).toBe(
      403,
    );
    expect((await t.request('GET', '/api/metrics/total', { token: asNetwork })).statusCode).toBe(403);
    expect((await t.request('GET', `/api/metrics/vms/${runA[0]}`, { token: asBilling })).statusCode).toBe(
      200,
    );
    expect((await t.request('GET', '/api/metrics/vms', { token: asBilling })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/metrics/total')).statusCode).toBe(401);
  });
});

describe('the roll-up', () => {
  it('moves whole hours older than a day into hourly rows, once, and the week chart reads them', async () => {
    const vmId = runA[1]!;
    const minuteRows = (await samplesOf(vmId)).filter((r) => r.at < new Date('2026-03-02T11:00:00Z'));
    const expected = {
      cpu: minuteRows.reduce((n, r) => n + r.cpuPct, 0) / minuteRows.length,
      cpuMax: Math.max(...minuteRows.map((r) => r.cpuPct)),
      netIn: minuteRows.reduce((n, r) => n + r.netInBps, 0) / minuteRows.length,
    };
    // A minute of the next day, then the roll-up a day and an hour later.
    t.clock.set(new Date('2026-03-03T10:59:00Z'));
    expect((await rollUpVmMetrics(t.db, t.clock.now())).hours).toBe(0);
    await sampleAt(new Date('2026-03-03T11:05:10Z'));
    t.clock.set(new Date('2026-03-03T11:07:00Z'));
    const moved = await rollUpVmMetrics(t.db, t.clock.now());
    expect(moved.hours).toBe(1);
    expect(moved.samples).toBeGreaterThan(60);
    const [hourly] = await t.db.select().from(vmMetricHourly).where(eq(vmMetricHourly.vmId, vmId));
    expect(hourly).toMatchObject({
      hour: new Date('2026-03-02T10:00:00Z'),
      clientId: a.client.id,
      samples: minuteRows.length,
    });
    expect(hourly!.cpuPct).toBeCloseTo(expected.cpu, 3);
    expect(hourly!.cpuPctMax).toBeCloseTo(expected.cpuMax, 3);
    expect(hourly!.netInBps).toBeCloseTo(expected.netIn, 0);
    // The day's samples are gone, the new day's stay; totals older than a day and an hour are deleted.
    const left = (await samplesOf(vmId)).map((r) => r.at.toISOString());
    expect(left).toContain('2026-03-03T11:05:00.000Z');
    expect(left.every((at) => at >= '2026-03-03T10:00')).toBe(true);
    const [{ n: oldTotals }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vmMetricTotals)
      .where(sql`${vmMetricTotals.at} < '2026-03-02T10:07:00Z'`)) as [{ n: number }];
    expect(oldTotals).toBe(0);

    // Again: nothing left to move, the hourly row unchanged.
    expect(await rollUpVmMetrics(t.db, t.clock.now())).toEqual({ hours: 0, samples: 0 });
    const [same] = await t.db.select().from(vmMetricHourly).where(eq(vmMetricHourly.vmId, vmId));
    expect(same).toEqual(hourly);

    // A day on, the session has lapsed: sign in again. The week's chart: the rolled-up hour and the new minute; the day's chart: the minute only.
    tokenA = await t.signIn(a.root, a.client);
    const week = await chart(vmId, '7d');
    expect(week.samples).toBe(1 + left.length);
    expect(week.series.cpuPct[week.at.indexOf('2026-03-02T10:00:00.000Z')]).toBeCloseTo(expected.cpu, 1);
    expect(week.latest?.at).toBe(left.at(-1));
    const day = await chart(vmId, '1d');
    expect(day.samples).toBe(left.length);
  });

  it('merges a late sample into an hour already rolled up, weighted by the samples', async () => {
    const vmId = runB;
    const [before] = await t.db.select().from(vmMetricHourly).where(eq(vmMetricHourly.vmId, vmId));
    // A sample written late for 10:04 of the rolled day (the minute the chart test left out).
    await t.db.insert(vmMetricSamples).values({
      vmId,
      clientId: b.client.id,
      at: new Date('2026-03-02T10:04:00Z'),
      cpuPct: 100,
      memPct: 50,
      diskReadBps: 0,
      diskWriteBps: 0,
      netInBps: 0,
      netOutBps: 0,
    });
    await rollUpVmMetrics(t.db, t.clock.now());
    const [after] = await t.db.select().from(vmMetricHourly).where(eq(vmMetricHourly.vmId, vmId));
    expect(after!.samples).toBe(before!.samples + 1);
    expect(after!.cpuPct).toBeCloseTo((before!.cpuPct * before!.samples + 100) / (before!.samples + 1), 3);
    expect(after!.cpuPctMax).toBe(100);
  });
});

describe('the demo tenant’s history', () => {
  it('holds a day of minutes and a month of hours of its running VMs, as the roll-up would leave them', async () => {
    const c = await t.createTenant();
    const [running, stopped] = (await fleet(c, [VmStatus.RUNNING, VmStatus.STOPPED])) as [string, string];
    await seedDemoMetrics(t.db, c.client.id, new Date('2026-03-10T12:34:56Z'));
    const minutes = await samplesOf(running);
    expect(minutes).toHaveLength(24 * 60 + 34);
    expect(minutes[0]!.at).toEqual(new Date('2026-03-09T12:00:00Z'));
    expect(minutes.at(-1)!.at).toEqual(new Date('2026-03-10T12:33:00Z'));
    const hours = await t.db
      .select()
      .from(vmMetricHourly)
      .where(eq(vmMetricHourly.vmId, running))
      .orderBy(asc(vmMetricHourly.hour));
    expect(hours).toHaveLength(30 * 24);
    expect(hours.at(-1)!.hour).toEqual(new Date('2026-03-09T11:00:00Z'));
    expect(hours[0]!.cpuPctMax).toBeGreaterThanOrEqual(hours[0]!.cpuPct);
    expect(await samplesOf(stopped)).toEqual([]);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vmMetricTotals)
      .where(eq(vmMetricTotals.clientId, c.client.id))) as [{ n: number }];
    expect(n).toBe(24 * 60 + 34);
    // Nothing of it for the roll-up to move at that time.
    await rollUpVmMetrics(t.db, new Date('2026-03-10T12:34:56Z'));
    expect(await samplesOf(running)).toHaveLength(24 * 60 + 34);
  });
});
