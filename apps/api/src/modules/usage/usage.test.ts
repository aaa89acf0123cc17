import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CloudExchangeStatus,
  FirewallStatus,
  VmStatus,
  exchangeMonthlyEstimate,
  meteredAmount,
  type UsageDaily,
  type UsageReport,
  type Valuation,
} from '@portal/shared';
import { body, build, type Tenant, type TestApp } from '../../../test/build.js';
import { rowsOf } from '../../db/database.js';
import {
  buckets,
  bucketUsageSamples,
  ccisTerms,
  ccxClusters,
  cloudExchanges,
  disks,
  firewalls,
  loadBalancers,
  usageMonthly,
  vmMetricSamples,
  vms,
  vpcs,
} from '../../db/schema/index.js';
import { createDefaultNetwork, fleetVm, insertFleet, type FleetVm } from '../../../test/fleets.js';
import { meterUsageHour, meterUsageHours, meterUsageUpTo } from './metering.js';
import { monthToDateSpend } from './usage-service.js';

let t: TestApp;
beforeAll(async () => {
  // The tests meter the hours themselves (no schedule fires in tests).
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const WINDOWS = '6a1f0c1e-0000-4000-8000-000000000005';
const data = <T>(response: Parameters<typeof body>[0]) => body<{ data: T }>(response).data;
const at = (iso: string) => new Date(iso);
const plusHours = (iso: string, hours: number) => new Date(at(iso).getTime() + hours * HOUR);

/**
 * A customer with its default network made long ago. By default the VPC is charged by transfer
 * (no metric samples: nothing) and the firewall is in error (not charged), so a test's figures are
 * its VMs', disks' and buckets' alone.
 */
async function customer(options: { quiet?: boolean } = {}) {
  const tenant: Tenant = await t.createTenant();
  const { vpc, firewall } = await createDefaultNetwork(t.db, tenant.client.id);
  const long = at('2025-01-01T00:00:00Z');
  await t.db.update(vpcs).set({ createdAt: long }).where(eq(vpcs.id, vpc!.id));
  await t.db.update(firewalls).set({ createdAt: long }).where(eq(firewalls.id, firewall!.id));
  if (options.quiet !== false) {
    await t.db.update(vpcs).set({ chargeMode: 3 }).where(eq(vpcs.id, vpc!.id));
    await t.db.update(firewalls).set({ status: FirewallStatus.ERROR }).where(eq(firewalls.id, firewall!.id));
  }
  let index = 0;
  const addVms = (fleet: Partial<FleetVm>[]) =>
    insertFleet(
      t.db,
      {
        clientId: tenant.client.id,
        vpcId: vpc!.id,
        firewallId: firewall!.id,
        cidr: vpc!.cidrIpv4,
        segmentBase: '10.0.0.0',
      },
      fleet.map((f) => fleetVm({ name: `vm-${index}`, host: 'hv-1', createdAt: long, ...f, index: index++ })),
    );
  return { ...tenant, vpc: vpc!, firewall: firewall!, addVms };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const linesOf = async (c: Customer) =>
  (await t.db.select().from(usageMonthly).where(eq(usageMonthly.clientId, c.client.id))).map((l) => ({
    kind: l.resourceKind,
    name: l.resourceName,
    detail: l.detail,
    code: l.code,
    quantity: Number(l.quantity),
    per: l.per,
    hours: l.hours,
  }));

/** A session at the clock's time (tests move the clock across months). */
const signIn = (c: Customer) => t.signIn(c.root, c.client);
const valuation = async (c: Customer, month: string, token?: string) => {
  token ??= await signIn(c);
  const response = await t.request('GET', `/api/valuation?month=${month}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return data<Valuation>(response);
};
const report = async (c: Customer, query: string, token?: string) => {
  token ??= await signIn(c);
  const response = await t.request('GET', `/api/usage/report?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return data<UsageReport>(response);
};
const item = (v: Valuation, name: string) => v.items.find((i) => i.item === name);

describe('the hourly meter', () => {
  it('records an hour of VMs, addresses, disks and network once, however often it runs', async () => {
    const c = await customer({ quiet: false });
    await c.addVms([
      { name: 'app-1', publicIp: true },
      // Stopped since long before the hour: its compute is not charged, its disk is.
      { name: 'win-1', templateId: WINDOWS, cpuCore: 4, ramSize: 8, status: VmStatus.STOPPED, rootGb: 80 },
      { name: 'win-2', templateId: WINDOWS, cpuCore: 4, ramSize: 8 },
    ]);
    const hour = at('2026-05-02T00:00:00Z');
    expect(await meterUsageHour(t.db, hour)).toEqual([hour]);
    // A retry, a second instance, an overlapping catch-up: the hour is claimed already.
    expect(await meterUsageHour(t.db, hour)).toEqual([]);
    expect(await meterUsageHours(t.db, hour, plusHours(hour.toISOString(), 1))).toEqual([]);

    const lines = await linesOf(c);
    const ip = (await t.db.select().from(vms).where(eq(vms.name, 'app-1'))).find(
      (v) => v.clientId === c.client.id,
    )!.publicIp!;
    expect(lines).toEqual(
      expect.arrayContaining([
        {
          kind: 'vm',
          name: 'app-1',
          detail: '2 vCPU / 4 GB',
          code: 'vm.vcpu',
          quantity: 2,
          per: 1,
          hours: 1,
        },
        { kind: 'vm', name: 'app-1', detail: '2 vCPU / 4 GB', code: 'vm.ram', quantity: 4, per: 1, hours: 1 },
        { kind: 'vm', name: 'app-1', detail: ip, code: 'vm.public-ip', quantity: 1, per: 1, hours: 1 },
        {
          kind: 'vm',
          name: 'win-2',
          detail: '4 vCPU / 8 GB',
          code: 'vm.image.windows',
          quantity: 4,
          per: 1,
          hours: 1,
        },
        {
          kind: 'disk',
          name: 'app-1-root',
          detail: '50 GB',
          code: 'disk.ssd',
          quantity: 50,
          per: 730,
          hours: 1,
        },
        {
          kind: 'disk',
          name: 'win-1-root',
          detail: '80 GB',
          code: 'disk.ssd',
          quantity: 80,
          per: 730,
          hours: 1,
        },
        {
          kind: 'vpc',
          name: 'default',
          detail: '100 Mbps',
          code: 'vpc.fixed.professional',
          quantity: 100,
          per: 730,
          hours: 1,
        },
        {
          kind: 'firewall',
          name: 'default',
          detail: '',
          code: 'firewall.instance',
          quantity: 1,
          per: 730,
          hours: 1,
        },
      ]),
    );
    expect(lines.filter((l) => l.name === 'win-1' && l.kind === 'vm')).toEqual([]);
    expect(lines).toHaveLength(11);
  });

  it('keeps a deleted VM’s hours under its name', async () => {
    const c = await customer();
    const [id] = await c.addVms([{ name: 'short-lived' }]);
    await meterUsageHour(t.db, at('2026-05-03T00:00:00Z'));
    await t.db.delete(vms).where(eq(vms.id, id!));
    await meterUsageHour(t.db, at('2026-05-03T01:00:00Z'));
    const r = await report(c, 'month=2026-05&kind=vm');
    expect(r.lines.records.map((l) => [l.name, l.code, l.quantity, l.hours, l.amount])).toEqual([
      ['short-lived', 'vm.ram', '4', 1, '1.6800'],
      ['short-lived', 'vm.vcpu', '2', 1, '1.7000'],
    ]);
  });

  it('charges an annual VM every hour at the annual prices, running or not', async () => {
    const c = await customer();
    const [stopped, running] = await c.addVms([
      { name: 'yearly-off', status: VmStatus.STOPPED },
      { name: 'yearly-on' },
    ]);
    await t.db
      .update(vms)
      .set({ isAnnual: true })
      .where(sql`${vms.id} in (${stopped}, ${running})`);
    await meterUsageHours(t.db, at('2026-06-01T00:00:00Z'), at('2026-06-01T10:00:00Z'));
    const v = await valuation(c, '2026-06');
    // Two VMs × 10 hours: 40 vCPU-hours × 0.60 and 80 GB-hours × 0.30.
    expect(item(v, 'cpus')?.lines).toEqual([
      expect.objectContaining({
        code: 'vm.vcpu.annual',
        quantity: '40',
        unitPrice: '0.6000',
        amount: '24.0000',
      }),
    ]);
    expect(item(v, 'ram')?.lines).toEqual([
      expect.objectContaining({
        code: 'vm.ram.annual',
        quantity: '80',
        unitPrice: '0.3000',
        amount: '24.0000',
      }),
    ]);
  });

  it('catches up on the hours a stopped service missed, at most three days back', async () => {
    const c = await customer();
    await c.addVms([{ name: 'steady' }]);
    await meterUsageHour(t.db, at('2026-08-01T00:00:00Z'));
    // The next run comes 5 hours later: the four hours between and the one just ended.
    const hours = await meterUsageUpTo(t.db, at('2026-08-01T06:05:00Z'));
    expect(hours.map((h) => h.toISOString())).toEqual([
      '2026-08-01T01:00:00.000Z',
      '2026-08-01T02:00:00.000Z',
      '2026-08-01T03:00:00.000Z',
      '2026-08-01T04:00:00.000Z',
      '2026-08-01T05:00:00.000Z',
    ]);
    expect(await meterUsageUpTo(t.db, at('2026-08-01T06:59:00Z'))).toEqual([]);
    const caughtUp = await meterUsageUpTo(t.db, at('2026-08-20T00:10:00Z'));
    expect(caughtUp).toHaveLength(72);
    const vcpu = (await linesOf(c)).find((l) => l.code === 'vm.vcpu');
    expect(vcpu?.hours).toBe(6 + 72);
  });
  it('meters transfer from the metric samples, 95th-percentile VPCs, balancers and clusters', async () => {
    const c = await customer();
    // The default VPC is charged by transfer; a VM stopped now but seen by the sampler ran.
    const [sender] = await c.addVms([{ name: 'sender', status: VmStatus.STOPPED }]);
    const minute = (i: number) => new Date(at('2026-02-01T00:00:00Z').getTime() + i * 60_000);
    const sample = (vmId: string, i: number, netOutBps: number) => ({
      vmId,
      clientId: c.client.id,
      at: minute(i),
      cpuPct: 10,
      memPct: 20,
      diskReadBps: 0,
      diskWriteBps: 0,
      netInBps: 0,
      netOutBps,
    });
    // 60 minutes at 1 MB/s: 3.6 GB in the first hour.
    await t.db
      .insert(vmMetricSamples)
      .values(Array.from({ length: 60 }, (_, i) => sample(sender!, i, 1_000_000)));
    // A second VPC charged by the 95th percentile, with one VM sending the same in the first hour.
    const [p95] = await t.db
      .insert(vpcs)
      .values({
        clientId: c.client.id,
        name: 'burst',
        status: 1,
        routeLevel: 1,
        chargeMode: 2,
        bandwidthLimit: 50,
        cidrIpv4: '10.1.0.0/16',
        createdAt: at('2025-01-01T00:00:00Z'),
      })
      .returning();
    const [burster] = await insertFleet(
      t.db,
      {
        clientId: c.client.id,
        vpcId: p95!.id,
        firewallId: c.firewall.id,
        cidr: '10.1.0.0/16',
        segmentBase: '10.1.0.0',
      },
      [fleetVm({ name: 'burster', host: 'hv-1', index: 0, createdAt: at('2025-01-01T00:00:00Z') })],
    );
    await t.db
      .insert(vmMetricSamples)
      .values(Array.from({ length: 60 }, (_, i) => sample(burster!, i, 1_000_000)));
    await t.db.insert(loadBalancers).values({
      clientId: c.client.id,
      vpcId: c.vpc.id,
      name: 'front',
      type: 1,
      protocol: 'HTTPS',
      port: 443,
      status: 1,
      createdAt: at('2025-01-01T00:00:00Z'),
    });
    await t.db.insert(ccxClusters).values({
      clientId: c.client.id,
      vpcId: c.vpc.id,
      name: 'orders-db',
      engine: 'postgresql',
      version: '16',
      nodeCount: 3,
      nodeSize: '2c4g',
      status: 1,
      createdAt: at('2025-01-01T00:00:00Z'),
    });
    await meterUsageHours(t.db, at('2026-02-01T00:00:00Z'), at('2026-02-01T02:00:00Z'));
    const lines = await linesOf(c);
    const find = (name: string, code: string) => lines.find((l) => l.name === name && l.code === code);
    expect(find('sender', 'vpc.transfer')).toMatchObject({ quantity: 3.6, hours: 1 });
    expect(find('sender', 'vm.vcpu')).toMatchObject({ quantity: 2, hours: 1 });
    expect(find('burster', 'vpc.transfer')).toBeUndefined();
    // 3.6 GB in an hour is 8 Mbps; the second hour sent nothing; the 95th percentile of two is 8.
    expect(find('burst', 'vpc.p95')).toMatchObject({ kind: 'vpc', quantity: 8, per: 1, hours: 2 });
    expect(find('front', 'lb.instance')).toMatchObject({ quantity: 2, detail: 'HTTPS 443' });
    expect(find('front', 'lb.https')).toMatchObject({ quantity: 2 });
    expect(find('orders-db', 'vm.vcpu')).toMatchObject({ kind: 'cluster', quantity: 12 });
    expect(find('orders-db', 'vm.ram')).toMatchObject({ quantity: 24 });
    expect(find('orders-db', 'cluster.database')).toMatchObject({ quantity: 12 });

    t.clock.set('2026-03-05T00:00:00Z');
    const v = await valuation(c, '2026-02');
    // 3.6 GB × 2.4; 8 Mbps × 150 for the month.
    expect(item(v, 'bandwidth')?.lines).toEqual([
      expect.objectContaining({ code: 'vpc.p95', quantity: '8', amount: '1200.0000' }),
      expect.objectContaining({ code: 'vpc.transfer', quantity: '3.6', amount: '8.6400' }),
    ]);
    // 2 hours × (1.8 + 0.6); the cluster's 12 vCPU-hours × (0.85 + 0.35) and 24 GB-hours × 0.42.
    expect(item(v, 'balancers')).toMatchObject({ amount: '4.8000' });
    expect(item(v, 'clusters')).toMatchObject({ amount: '24.4800' });
  });
});

describe('cloud-exchange connections', () => {
  it('charges a done connection its port by the hour at 1/730 of the month’s price, a refused one nothing', async () => {
    const c = await customer();
    const connection = (pairKey: string, status: number) => ({
      clientId: c.client.id,
      vpcId: c.vpc.id,
      provider: 1,
      pairKey,
      status,
      createdAt: at('2025-01-01T00:00:00Z'),
    });
    await t.db
      .insert(cloudExchanges)
      .values([
        connection('dxcon-fg5678gh', CloudExchangeStatus.DONE),
        connection('dxcon-refused1', CloudExchangeStatus.AVAILABLE),
      ]);
    await meterUsageHours(t.db, at('2026-11-05T00:00:00Z'), at('2026-11-05T03:00:00Z'));
    expect((await linesOf(c)).filter((l) => l.kind === 'exchange')).toEqual([
      {
        kind: 'exchange',
        name: 'dxcon-fg5678gh',
        detail: '',
        code: 'ccx.port',
        quantity: 3,
        per: 730,
        hours: 3,
      },
    ]);
    t.clock.set('2026-11-05T04:00:00Z');
    const v = await valuation(c, '2026-11');
    // 3 hours × 6000 ÷ 730; a whole month (730 hours) is the form's estimate, 6000.
    expect(item(v, 'exchanges')).toMatchObject({ amount: '24.6575' });
    expect(meteredAmount('730', '6000.0000', 730)).toBe(
      exchangeMonthlyEstimate({ 'ccx.port': '6000.0000' }).total,
    );
  });
});

describe('the valuation', () => {
  it('prices one 2-vCPU, 4 GB VM running 10 hours with its 50 GB root disk, exactly', async () => {
    const c = await customer();
    await c.addVms([{ name: 'ten-hours' }]);
    await meterUsageHours(t.db, at('2026-06-02T00:00:00Z'), at('2026-06-02T10:00:00Z'));
    t.clock.set('2026-07-15T00:00:00Z');
    const v = await valuation(c, '2026-06');
    expect(item(v, 'cpus')).toMatchObject({ amount: '17.0000' });
    expect(item(v, 'ram')).toMatchObject({ amount: '16.8000' });
    // 500 GB-hours × 4.5 ÷ 730 = 3.082191…
    expect(item(v, 'disks')?.lines).toEqual([
      expect.objectContaining({
        code: 'disk.ssd',
        unit: 'gbHour',
        per: 730,
        quantity: '500',
        amount: '3.0822',
      }),
    ]);
    expect(v).toMatchObject({
      month: '2026-06',
      date: '2026-06-30',
      hoursInMonth: 720,
      hoursLeft: 0,
      vms: { count: 1, amount: '33.8000' },
      monthToDate: '36.8822',
      forecast: '36.8822',
    });
    expect(await monthToDateSpend(t.db, c.client.id, at('2026-06-20T00:00:00Z'))).toBe('36.8822');
  });

  it('prices a 100 GB SSD for a whole 30-day month (72,000 GB-hours)', async () => {
    const c = await customer();
    await t.db.insert(disks).values({
      clientId: c.client.id,
      name: 'data-100',
      sizeGb: 100,
      speed: 0,
      status: 0,
      createdAt: at('2026-01-01T00:00:00Z'),
    });
    // September in Taipei: 1 September 00:00 (+08:00) to 1 October 00:00.
    const hours = await meterUsageHours(t.db, at('2026-08-31T16:00:00Z'), at('2026-09-30T16:00:00Z'));
    expect(hours).toHaveLength(720);
    t.clock.set('2026-10-02T00:00:00Z');
    const v = await valuation(c, '2026-09');
    expect(item(v, 'disks')?.lines).toEqual([
      expect.objectContaining({ quantity: '72000', unitPrice: '4.5000', amount: '443.8356' }),
    ]);
    expect(v.monthToDate).toBe('443.8356');
    expect(v.hoursMetered).toBe(720);
  });

  it('charges the commitment, the use above it at the month’s peak, and no storage within it', async () => {
    const c = await customer();
    const plain = await customer();
    await t.db.insert(ccisTerms).values({
      clientId: c.client.id,
      orderId: 'DS20260301-ABCDEF',
      kind: 'new',
      months: 12,
      beginDate: '2026-03-01',
      expireDate: '2027-03-01',
      commitGb: 1000,
      autoExtend: true,
      monthlyPrice: '550.0000',
      termPrice: '6600.0000',
      purchaseDay: '2026-03-01',
      idempotencyKey: randomUUID(),
      requestDigest: '1000:12:Y',
      account: c.root.account,
    });
    const bucket = async (who: Customer, name: string, samples: [string, number][]) => {
      const [row] = await t.db
        .insert(buckets)
        .values({
          clientId: who.client.id,
          name,
          s3Name: `${name}-${randomUUID()}`,
          createdAt: at('2026-01-01T00:00:00Z'),
        })
        .returning();
      await t.db.insert(bucketUsageSamples).values(
        samples.map(([when, sizeBytes]) => ({
          bucketId: row!.id,
          at: at(when),
          sizeBytes,
          objectCount: 1,
        })),
      );
    };
    await bucket(c, 'archive', [
      ['2026-04-01T00:00:00Z', 900_000_000_000],
      ['2026-04-01T01:00:00Z', 1_234_500_000_000],
      ['2026-04-01T02:00:00Z', 1_100_000_000_000],
    ]);
    await bucket(plain, 'files', [['2026-03-01T00:00:00Z', 73_000_000_000]]);
    await meterUsageHours(t.db, at('2026-04-01T00:00:00Z'), at('2026-04-01T10:00:00Z'));
    t.clock.set('2026-05-01T12:00:00Z');
    const v = await valuation(c, '2026-04');
    // 1,000 GB × 0.55; the peak 1,234.5 GB is 235 whole GB above it, × 0.80.
    expect(v.dataStore).toEqual({
      commitGb: 1000,
      maximumUsageBytes: 1_234_500_000_000,
      maximumUsageAt: '2026-04-01T01:00:00.000Z',
      excessGb: 235,
      commitAmount: '550.0000',
      excessAmount: '188.0000',
    });
    expect(item(v, 'objectStorage')).toMatchObject({ amount: '0.0000' });
    expect(v.monthToDate).toBe('738.0000');
    // Without a contract: 73 GB for 10 hours, 730 GB-hours × 0.75 ÷ 730.
    const p = await valuation(plain, '2026-04');
    expect(item(p, 'objectStorage')?.lines).toEqual([
      expect.objectContaining({ code: 'obs.storage', quantity: '730', amount: '0.7500' }),
    ]);
    expect(p.dataStore).toMatchObject({ commitGb: 0, excessGb: 0, maximumUsageBytes: 73_000_000_000 });
  });

  it('forecasts the month at the last metered hour’s rate', async () => {
    const c = await customer();
    const [gone] = await c.addVms([{ name: 'gone' }, { name: 'stays' }]);
    // July in Taipei has 744 hours; its first 24 are metered, the first VM only in the first 2.
    await meterUsageHours(t.db, at('2026-06-30T16:00:00Z'), at('2026-06-30T18:00:00Z'));
    await t.db.delete(vms).where(eq(vms.id, gone!));
    await meterUsageHours(t.db, at('2026-06-30T18:00:00Z'), at('2026-07-01T16:00:00Z'));
    t.clock.set('2026-07-01T16:30:00Z');
    const v = await valuation(c, '2026-07');
    expect(v).toMatchObject({ date: '2026-07-02', hoursInMonth: 744, hoursMetered: 24, hoursLeft: 720 });
    // So far: 26 VM-hours; forecast: the remaining VM for all 744 hours, plus the deleted one's 2.
    expect(item(v, 'cpus')?.lines[0]).toMatchObject({
      quantity: '52',
      amount: meteredAmount('52', '0.8500', 1),
      forecastQuantity: String(2 * 746),
      forecastAmount: '1268.2000',
    });
    expect(item(v, 'ram')).toMatchObject({ forecastAmount: meteredAmount(String(4 * 746), '0.4200', 1) });
    expect(await monthToDateSpend(t.db, c.client.id, t.clock.now())).toBe(v.monthToDate);
  });
});

describe('the usage report', () => {
  it('pages and sorts lines on the server, totals each kind, draws the days, and exports CSV', async () => {
    const c = await customer();
    await c.addVms([
      { name: 'alpha', cpuCore: 4, ramSize: 8 },
      { name: '資料庫', cpuCore: 2, ramSize: 4 },
    ]);
    await meterUsageHours(t.db, at('2026-10-01T00:00:00Z'), at('2026-10-01T03:00:00Z'));
    t.clock.set('2026-10-02T00:00:00Z');

    const all = await report(c, 'month=2026-10&limit=0');
    // Two VMs × (vCPU, RAM) and two root disks.
    expect(all.lines.total).toBe(6);
    // By kind in the report's order (VMs first), then by name.
    expect(all.lines.records.map((l) => `${l.kind}:${l.name}`)).toEqual([
      'vm:alpha',
      'vm:alpha',
      'vm:資料庫',
      'vm:資料庫',
      'disk:alpha-root',
      'disk:資料庫-root',
    ]);
    expect(all.kinds.map((k) => k.kind)).toEqual(['vm', 'disk']);
    // alpha: 12 × 0.85 + 24 × 0.42; 資料庫: 6 × 0.85 + 12 × 0.42; disks: 2 × 150 GB-hours × 4.5 ÷ 730.
    expect(all.kinds.find((k) => k.kind === 'vm')?.amount).toBe('30.4200');
    expect(all.kinds.find((k) => k.kind === 'disk')?.amount).toBe('1.8494');
    expect(all.total).toBe('32.2694');
    expect(all.prices['vm.vcpu']).toMatchObject({ nameE: 'vCPU', unitPrice: '0.8500' });

    const page = await report(c, 'month=2026-10&sort=amount&orderby=desc&limit=2&page=0');
    expect(page.lines.records.map((l) => [l.name, l.code, l.amount])).toEqual([
      ['alpha', 'vm.vcpu', '10.2000'],
      ['alpha', 'vm.ram', '10.0800'],
    ]);
    expect(page.lines.total).toBe(6);
    const next = await report(c, 'month=2026-10&sort=amount&orderby=desc&limit=2&page=1');
    expect(next.lines.records.map((l) => l.name)).toEqual(['資料庫', '資料庫']);

    const daily = data<UsageDaily>(
      await t.request('GET', '/api/usage/daily?month=2026-10', { token: await signIn(c) }),
    );
    // 00:00-03:00 UTC is 08:00-11:00 on 1 October in Taipei. A day is priced as a whole
    // (300 GB-hours), so it may differ from the lines' sum in the last place.
    expect(daily.days).toEqual([
      { day: '2026-10-01', kind: 'disk', amount: '1.8493' },
      { day: '2026-10-01', kind: 'vm', amount: '30.4200' },
    ]);

    const csv = await t.request('GET', '/api/usage/report.csv?month=2026-10', {
      token: await signIn(c),
      headers: { 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="usage-report-2026-10.csv"');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      '"Month","Kind","Resource","Resource ID","Detail","Item","Code","Quantity","Unit","Hours","Unit price (TWD)","Per","Amount (TWD)"',
    );
    expect(rows).toHaveLength(1 + 6 + 1);
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^"2026-10","VM","資料庫","[0-9a-f-]{36}","2 vCPU \/ 4 GB","vCPU","vm.vcpu","6","vCPU-hours","3","0.8500","1","5.1000"$/,
      ),
    );
    expect(rows.at(-1)).toBe('"2026-10","","","","","","","","","","","","32.2694"');
    const zh = await t.request('GET', '/api/usage/report.csv?month=2026-10', {
      token: await signIn(c),
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.body).toContain('"虛擬主機","資料庫"');
    expect(zh.body).toContain('"SSD 磁碟"');
  });

  it('shows another customer none of it, and asks the right authority', async () => {
    const a = await customer();
    const b = await customer();
    await a.addVms([{ name: 'only-a' }]);
    await meterUsageHours(t.db, at('2026-03-01T00:00:00Z'), at('2026-03-01T02:00:00Z'));
    expect((await report(a, 'month=2026-03')).lines.total).toBe(2 + 1);
    const seen = await report(b, 'month=2026-03&limit=0');
    expect(seen.lines.records.some((l) => l.name === 'only-a')).toBe(false);
    expect((await valuation(b, '2026-03')).vms.count).toBe(0);

    const billing = await t.signIn(await t.createIam(a.client, { roles: ['billingViewer'] }), a.client);
    const compute = await t.signIn(await t.createIam(a.client, { roles: ['computeOperator'] }), a.client);
    expect((await report(a, 'month=2026-03', billing)).lines.total).toBe(3);
    expect((await t.request('GET', '/api/valuation?month=2026-03', { token: billing })).statusCode).toBe(200);
    for (const path of ['/api/usage/report', '/api/usage/report.csv', '/api/usage/daily', '/api/valuation']) {
      expect((await t.request('GET', path, { token: compute })).statusCode, path).toBe(403);
      expect((await t.request('GET', path)).statusCode, path).toBe(401);
    }
    expect(
      (await t.request('GET', '/api/valuation?month=2026-13', { token: await signIn(a) })).statusCode,
    ).toBe(400);
  });
});

describe('the arithmetic in the database', () => {
  it('usage_amount rounds as meteredAmount does', async () => {
    const cases: [string, string, number][] = [
      ['72000', '4.5000', 730],
      ['1', '0.0001', 2],
      ['1', '0.0001', 3],
      ['1.234567891', '2.4000', 1],
      ['123456789.123456789', '9999.9999', 730],
      ['365', '0.7500', 730],
      ['0.000000001', '0.0001', 1],
    ];
    for (const [q, p, per] of cases) {
      const [row] = rowsOf<{ amount: string }>(
        await t.db.execute(
          sql`SELECT usage_amount(${q}::numeric, ${p}::numeric, ${per}::int)::text AS amount`,
        ),
      );
      expect(row?.amount, `${q} × ${p} ÷ ${per}`).toBe(meteredAmount(q, p, per));
    }
  });
});
