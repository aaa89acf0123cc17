import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus, VmStatus, type Order, type OrderDetail, type Vm } from '@portal/shared';
import { auditLog, vms } from '../../db/schema/index.js';
import { body, build, TEST_PASSWORD, type Tenant, type TestApp } from '../../../test/build.js';
import { standingVpc } from '../../../test/standing-vpc.js';
import { settled } from '../../../test/operations.js';
import { runOrderDay } from './order-day.js';

const DEBIAN = '6a1f0c1e-0000-4000-8000-000000000003';
const WINDOWS = '6a1f0c1e-0000-4000-8000-000000000005';
const DAY = 86_400_000;
/** 12:00 in Taipei (the customers' default time zone) on a known day. */
const START = '2026-03-02T04:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

type Response = Awaited<ReturnType<TestApp['request']>>;
type Created = OrderDetail & { replayed: boolean };
const msg = (r: Response) => body<{ msg: string }>(r).msg;

interface Customer extends Tenant {
  token: string;
  /** running 2 vCPU / 16 GB Debian; running 4 / 16 Windows with a public address; stopped; error. */
  vm: { small: string; windows: string; stopped: string; broken: string };
}

/** A customer's VPC, as its account is opened with (the compute module's default network). */
const createVpc = async (clientId: string) =>
  (await standingVpc(t.db, clientId, { cidrIpv6: '2001:db8:10::/56' })).id;

/** A customer with four VMs launched through the API (the simulated cloud answers at once in tests). */
async function customer(): Promise<Customer> {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const vpcUuid = await createVpc(tenant.client.id);
  const launch = async (
    name: string,
    templateUUID: string,
    cpuCore: number,
    ramSize: number,
    publicIp: boolean,
  ) => {
    const r = await t.request('POST', '/api/vms', {
      token,
      body: {
        name,
        templateUUID,
        cpuCore,
        ramSize,
        rootDiskSize: 50,
        vpcUuid,
        isAutoAssignPublicIP: publicIp,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    return body<{ data: Vm }>(r).data.uuid;
  };
  const small = await launch('cache-01', DEBIAN, 2, 16, false);
  const windows = await launch('win-01', WINDOWS, 4, 16, true);
  const stopped = await launch('batch', DEBIAN, 4, 8, false);
  const broken = await launch('broken', DEBIAN, 2, 4, false);
  await settled(t);
  expect((await t.request('POST', `/api/vms/${stopped}/stop`, { token })).statusCode).toBe(200);
  await settled(t);
  await t.db.update(vms).set({ status: VmStatus.ERROR }).where(eq(vms.id, broken));
  return { ...tenant, token, vm: { small, windows, stopped, broken } };
}

/** Move the clock to a time and sign the customer in again: sessions end when idle. */
async function at(c: Customer, time: string) {
  t.clock.set(time);
  c.token = await t.signIn(c.root, c.client);
}

/** The order job's run at a time (the customer signed in again then). */
async function orderDayAt(c: Customer, time: string) {
  await at(c, time);
  return runOrderDay(t.db, t.clock);
}

const convert = (
  c: Customer,
  order: { vmId: string; months?: number; autoRenew?: boolean; currentPassword?: string },
  key: string | null = randomUUID(),
) =>
  t.request('POST', '/api/orders', {
    token: c.token,
    headers: key === null ? {} : { 'idempotency-key': key },
    body: { months: 12, autoRenew: false, currentPassword: TEST_PASSWORD, ...order },
  });

async function converted(c: Customer, order: Parameters<typeof convert>[1]): Promise<Created> {
  const r = await convert(c, order);
  expect(r.statusCode, r.body).toBe(201);
  return body<{ data: Created }>(r).data;
}

const cancel = (c: Customer, id: string, currentPassword = TEST_PASSWORD) =>
  t.request('POST', `/api/orders/${id}/cancel`, { token: c.token, body: { currentPassword } });

const vm = async (c: Customer, id: string) => {
  const r = await t.request('GET', `/api/vms/${id}`, { token: c.token });
  expect(r.statusCode, r.body).toBe(200);
  return body<{ data: Vm }>(r).data;
};
const order = async (c: Customer, id: string) => {
  const r = await t.request('GET', `/api/orders/${id}`, { token: c.token });
  expect(r.statusCode, r.body).toBe(200);
  return body<{ data: OrderDetail }>(r).data;
};
const list = async (c: Customer, url: string) => {
  const r = await t.request('GET', url, { token: c.token });
  expect(r.statusCode, r.body).toBe(200);
  return body<{ data: { records: Order[]; total: number } }>(r).data;
};
const audits = (c: Customer, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientId, c.client.id), eq(auditLog.action, action)));

describe('converting a VM to an annual contract', () => {
  it('fixes the price of the term from the annual prices and makes the VM annual', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small, months: 12 });
    expect(made).toMatchObject({
      resType: 'vm',
      resUuid: c.vm.small,
      resName: 'cache-01',
      cpuCore: 2,
      ramSize: 16,
      contractMonth: 12,
      orderDate: '2026-03-02',
      orderEDate: '2027-03-02',
      status: OrderStatus.NORMAL,
      autoRenew: false,
      renewals: 0,
      // 2 vCPU × 730 h × 0.60 = 876; 16 GB × 730 h × 0.30 = 3,504 (migration 0028); no licence or address.
      monthlyPrice: '4380.0000',
      // × 12 months
      termPrice: '52560.0000',
      account: c.root.account,
      replayed: false,
      cancelledAt: null,
      endedAt: null,
    });
    expect(made.orderNo).toMatch(/^VM20260302-[0-9A-F]{6}$/);
    expect(made.convertedAt).toBe(new Date(START).toISOString());
    expect(made.events).toEqual([
      expect.objectContaining({ kind: 'create', status: 1, beginDate: '2026-03-02', endDate: '2027-03-02' }),
    ]);
    const annual = await vm(c, c.vm.small);
    // The VM's own estimate follows: the annual prices of its vCPU and memory.
    expect([annual.isAnnual, annual.monthlyPrice]).toEqual([true, '4380.0000']);
    const [record] = await audits(c, 'order.create');
    expect(record).toMatchObject({
      outcome: 'success',
      targetId: made.id,
      detail: expect.objectContaining({ orderNo: made.orderNo, vmId: c.vm.small }),
    });
    // The password never reaches the trail.
    expect(JSON.stringify(record!.detail)).not.toContain(TEST_PASSWORD);
  });

  it('quotes a term before ordering: annual against on demand, from the same price list', async () => {
    const c = await customer();
    const r = await t.request('GET', `/api/orders/quote?vmId=${c.vm.small}&months=24`, { token: c.token });
    expect(r.statusCode, r.body).toBe(200);
    expect(body(r).data).toMatchObject({
      vmId: c.vm.small,
      months: 24,
      orderDate: '2026-03-02',
      orderEDate: '2028-03-02',
      monthly: { total: '4380.0000' },
      term: '105120.0000',
      // 2 × 730 × 0.85 + 16 × 730 × 0.42 = 6,146.6 a month on demand
      onDemandMonthly: { total: '6146.6000' },
      onDemandTerm: '147518.4000',
    });
    const other = await customer();
    const theirs = await t.request('GET', `/api/orders/quote?vmId=${other.vm.small}&months=12`, {
      token: c.token,
    });
    expect(msg(theirs)).toBe('VM_NOT_FOUND');
    const odd = await t.request('GET', `/api/orders/quote?vmId=${c.vm.small}&months=18`, { token: c.token });
    expect(msg(odd)).toBe('FORMAT_ERROR');
  });

  it('charges a Windows licence and a public address at their usual prices, for 36 months', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.windows, months: 36, autoRenew: true });
    // 4 × 730 × 0.60 = 1,752; 16 × 730 × 0.30 = 3,504; licence 4 × 730 × 0.60 = 1,752; address 730 × 0.15 = 109.5
    expect(made.monthlyPrice).toBe('7117.5000');
    expect(made.termPrice).toBe('256230.0000');
    expect(made.orderEDate).toBe('2029-03-02');
    expect(made.autoRenew).toBe(true);
  });

  it('needs the login password (INCORRECT_PASSWORD) and an Idempotency-Key (MISS_PARAMETER)', async () => {
    const c = await customer();
    const wrong = await convert(c, { vmId: c.vm.small, currentPassword: 'Not-the-passw0rd!' });
    expect(wrong.statusCode).toBe(400);
    expect(msg(wrong)).toBe('INCORRECT_PASSWORD');
    const keyless = await convert(c, { vmId: c.vm.small }, null);
    expect(msg(keyless)).toBe('MISS_PARAMETER');
    const empty = await convert(c, { vmId: c.vm.small, currentPassword: '' });
    expect(body(empty).errors).toContainEqual({ path: 'currentPassword', message: 'validation.notEmpty' });
    expect((await vm(c, c.vm.small)).isAnnual).toBe(false);
    expect((await list(c, '/api/orders/history')).total).toBe(0);
    const failures = await audits(c, 'order.create');
    // The schema's refusal (no password) is answered before the route: only these two are recorded.
    expect(failures.map((r) => [r.outcome, r.detail.error]).sort()).toEqual([
      ['failure', 'INCORRECT_PASSWORD'],
      ['failure', 'MISS_PARAMETER'],
    ]);
  });

  it('a retry with the same key answers the first order; the key with another request is refused', async () => {
    const c = await customer();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      convert(c, { vmId: c.vm.small }, key),
      convert(c, { vmId: c.vm.small }, key),
    ]);
    const answers = [first, second].map((r) => ({
      code: r.statusCode,
      data: body<{ data: Created }>(r).data,
    }));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 201]);
    expect(answers[0]!.data.id).toBe(answers[1]!.data.id);
    expect(answers.find((a) => a.code === 200)!.data.replayed).toBe(true);
    const again = await convert(c, { vmId: c.vm.small }, key);
    expect(again.statusCode).toBe(200);
    expect(body<{ data: Created }>(again).data.id).toBe(answers[0]!.data.id);
    expect((await list(c, '/api/orders/history')).total).toBe(1);
    const reused = await convert(c, { vmId: c.vm.windows }, key);
    expect(reused.statusCode).toBe(409);
    expect((await vm(c, c.vm.windows)).isAnnual).toBe(false);
  });

  it('refuses a VM already annual, not settled, unknown or another tenant’s, and other terms', async () => {
    const c = await customer();
    await converted(c, { vmId: c.vm.small });
    expect(msg(await convert(c, { vmId: c.vm.small }))).toBe('VM_ALREADY_ANNUAL');
    expect(msg(await convert(c, { vmId: c.vm.broken }))).toBe('VM_STATUS_ERROR');
    expect(msg(await convert(c, { vmId: randomUUID() }))).toBe('VM_NOT_FOUND');
    expect(msg(await convert(c, { vmId: 'not-a-uuid' }))).toBe('FORMAT_ERROR');
    const other = await customer();
    expect(msg(await convert(c, { vmId: other.vm.small }))).toBe('VM_NOT_FOUND');
    expect((await vm(other, other.vm.small)).isAnnual).toBe(false);
    for (const months of [6, 13, 48]) {
      const r = await convert(c, { vmId: c.vm.windows, months });
      expect(body(r).errors, String(months)).toContainEqual({
        path: 'months',
        message: 'validation.needBeOneOf',
      });
    }
    // A VM the cloud is changing (being stopped) waits for its change to end.
    await t.db.update(vms).set({ pendingOperation: 'stop' }).where(eq(vms.id, c.vm.windows));
    expect(msg(await convert(c, { vmId: c.vm.windows }))).toBe('VM_STATUS_ERROR');
    // A stopped VM converts.
    expect((await convert(c, { vmId: c.vm.stopped })).statusCode).toBe(201);
  });
});

describe('an annual VM', () => {
  it('refuses a resize and a delete (YEARLY_VM_CANNOT_ADJUST); stop and reboot still work', async () => {
    const c = await customer();
    await converted(c, { vmId: c.vm.stopped });
    await converted(c, { vmId: c.vm.small });
    const resize = await t.request('PATCH', `/api/vms/${c.vm.stopped}`, {
      token: c.token,
      body: { cpuCore: 8, ramSize: 16 },
    });
    expect(resize.statusCode).toBe(400);
    expect(msg(resize)).toBe('YEARLY_VM_CANNOT_ADJUST');
    const remove = await t.request('DELETE', `/api/vms/${c.vm.stopped}`, {
      token: c.token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(msg(remove)).toBe('YEARLY_VM_CANNOT_ADJUST');
    // Its name and protections may still change.
    const rename = await t.request('PATCH', `/api/vms/${c.vm.stopped}`, {
      token: c.token,
      body: { name: 'batch-2' },
    });
    expect(rename.statusCode, rename.body).toBe(200);

    expect((await t.request('POST', `/api/vms/${c.vm.small}/reboot`, { token: c.token })).statusCode).toBe(
      200,
    );
    await settled(t);
    expect((await vm(c, c.vm.small)).status).toBe(VmStatus.RUNNING);
    expect((await t.request('POST', `/api/vms/${c.vm.small}/stop`, { token: c.token })).statusCode).toBe(200);
    await settled(t);
    expect((await vm(c, c.vm.small)).status).toBe(VmStatus.STOPPED);
    expect((await t.request('POST', `/api/vms/${c.vm.small}/start`, { token: c.token })).statusCode).toBe(
      200,
    );
    await settled(t);
    const annual = await vm(c, c.vm.small);
    expect([annual.status, annual.isAnnual]).toEqual([VmStatus.RUNNING, true]);
  });

  it('the VM list filters annual and on-demand VMs (the order page’s picker)', async () => {
    const c = await customer();
    await converted(c, { vmId: c.vm.small });
    const annual = await t.request('GET', '/api/vms?annual=yes', { token: c.token });
    expect(body<{ data: { records: Vm[] } }>(annual).data.records.map((v) => v.name)).toEqual(['cache-01']);
    const onDemand = await t.request('GET', '/api/vms?annual=no&sort=name', { token: c.token });
    expect(body<{ data: { records: Vm[] } }>(onDemand).data.records.map((v) => v.name)).toEqual([
      'batch',
      'broken',
      'win-01',
    ]);
  });
});

describe('cancelling an annual order', () => {
  it('within 7 days of ordering: cancelled under 7 days (7), the VM on-demand again and resizable', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.stopped });
    // The sixth day after (the seventh day of the contract) is still within the 7 days.
    await at(c, new Date(Date.parse(START) + 6 * DAY).toISOString());
    const wrong = await cancel(c, made.id, 'Not-the-passw0rd!');
    expect(msg(wrong)).toBe('INCORRECT_PASSWORD');
    const r = await cancel(c, made.id);
    expect(r.statusCode, r.body).toBe(200);
    const cancelled = body<{ data: OrderDetail }>(r).data;
    expect(cancelled).toMatchObject({
      status: OrderStatus.CANCELLED_WITHIN_7_DAYS,
      version: made.version + 1,
    });
    expect(cancelled.cancelledAt).toBe(t.clock.now().toISOString());
    expect(cancelled.endedAt).toBe(cancelled.cancelledAt);
    expect(cancelled.events.map((e) => [e.kind, e.status])).toEqual([
      ['create', 1],
      ['cancel', 7],
    ]);
    expect((await vm(c, c.vm.stopped)).isAnnual).toBe(false);
    const resize = await t.request('PATCH', `/api/vms/${c.vm.stopped}`, {
      token: c.token,
      body: { cpuCore: 8, ramSize: 16 },
    });
    expect(resize.statusCode, resize.body).toBe(200);
    await settled(t);
    const records = await audits(c, 'order.cancel');
    expect(records.map((r) => [r.outcome, r.targetId, r.detail.error])).toEqual(
      expect.arrayContaining([
        ['failure', made.id, 'INCORRECT_PASSWORD'],
        ['success', made.id, undefined],
      ]),
    );
    // Gone from the manage list, kept in the history; a second cancel is refused.
    expect((await list(c, '/api/orders')).total).toBe(0);
    expect((await list(c, '/api/orders/history')).records.map((o) => o.status)).toEqual([7]);
    expect(msg(await cancel(c, made.id))).toBe('ORDER_STATUS_ERROR');
    // The VM may be converted again.
    expect((await convert(c, { vmId: c.vm.stopped })).statusCode).toBe(201);
  });

  it('after the 7 days and before the last 30: the user contacts support (ORDER_CANCEL_NEEDS_SUPPORT)', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small });
    await at(c, new Date(Date.parse(START) + 7 * DAY).toISOString());
    const r = await cancel(c, made.id);
    expect(r.statusCode).toBe(400);
    expect(msg(r)).toBe('ORDER_CANCEL_NEEDS_SUPPORT');
    expect((await vm(c, c.vm.small)).isAnnual).toBe(true);
    expect((await order(c, made.id)).status).toBe(OrderStatus.NORMAL);
  });
});

describe('the order job (a moved clock)', () => {
  it('about to expire in the last 30 days, then the user cancels: expired and cancelled (3)', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small, autoRenew: true });
    // 31 days before the end (2027-03-02): still normal.
    await orderDayAt(c, '2027-01-30T04:00:00Z');
    expect((await order(c, made.id)).status).toBe(OrderStatus.NORMAL);
    // 00:30 on 31 January in Taipei (still the 30th in UTC): 30 days left.
    const result = await orderDayAt(c, '2027-01-30T16:30:00Z');
    expect(result.aboutToExpire).toBeGreaterThanOrEqual(1);
    const expiring = await order(c, made.id);
    expect(expiring.status).toBe(OrderStatus.ABOUT_TO_EXPIRE);
    expect(expiring.events.at(-1)).toMatchObject({ kind: 'status', status: 2, account: 'provider' });
    // A second run the same day changes nothing.
    await runOrderDay(t.db, t.clock);
    expect((await order(c, made.id)).version).toBe(expiring.version);
    expect((await list(c, '/api/orders?status=2')).records.map((o) => o.id)).toEqual([made.id]);

    const r = await cancel(c, made.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(body<{ data: OrderDetail }>(r).data.status).toBe(OrderStatus.EXPIRED_CANCELLED);
    expect((await vm(c, c.vm.small)).isAnnual).toBe(false);
  });

  it('at the end, a contract without auto-renew expires and is cancelled (3); the VM turns on-demand', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small, autoRenew: false });
    await orderDayAt(c, '2027-03-01T04:00:00Z');
    expect((await order(c, made.id)).status).toBe(OrderStatus.ABOUT_TO_EXPIRE);
    expect((await vm(c, c.vm.small)).isAnnual).toBe(true);
    // Midnight of the end date in Taipei.
    const result = await orderDayAt(c, '2027-03-01T16:00:00Z');
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const ended = await order(c, made.id);
    expect(ended).toMatchObject({
      status: OrderStatus.EXPIRED_CANCELLED,
      orderEDate: '2027-03-02',
      cancelledAt: null,
    });
    expect(ended.endedAt).toBe(t.clock.now().toISOString());
    expect((await vm(c, c.vm.small)).isAnnual).toBe(false);
  });

  it('at the end, an auto-renewing contract starts a new term (recorded), priced again', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.windows, months: 12, autoRenew: true });
    const result = await orderDayAt(c, '2027-03-02T04:00:00Z');
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await order(c, made.id);
    expect(renewed).toMatchObject({
      status: OrderStatus.NORMAL,
      orderDate: '2026-03-02',
      orderEDate: '2028-03-02',
      renewals: 1,
      termPrice: '85410.0000',
    });
    expect(renewed.events.filter((e) => e.kind === 'renew')).toEqual([
      expect.objectContaining({ beginDate: '2027-03-02', endDate: '2028-03-02', termPrice: '85410.0000' }),
    ]);
    expect((await vm(c, c.vm.windows)).isAnnual).toBe(true);
    const [record] = await audits(c, 'order.renew');
    expect(record).toMatchObject({ account: 'provider', targetId: made.id, outcome: 'success' });
    // A job that missed a whole term catches up: two more terms, one event each.
    await orderDayAt(c, '2029-03-05T04:00:00Z');
    const later = await order(c, made.id);
    expect([later.orderEDate, later.renewals]).toEqual(['2030-03-02', 3]);
  });

  it('an order whose VM is gone: deleted under 7 days (6), or deleted (4) later', async () => {
    const c = await customer();
    const early = await converted(c, { vmId: c.vm.small });
    const late = await converted(c, { vmId: c.vm.windows });
    // Support removes the machines behind the portal (a VM is hard-deleted; the order keeps its name).
    await t.db.delete(vms).where(eq(vms.id, c.vm.small));
    t.clock.set(new Date(Date.parse(START) + 2 * DAY));
    await runOrderDay(t.db, t.clock);
    await at(c, new Date(Date.parse(START) + 10 * DAY).toISOString());
    await t.db.delete(vms).where(eq(vms.id, c.vm.windows));
    await runOrderDay(t.db, t.clock);
    const first = await order(c, early.id);
    expect([first.status, first.resUuid, first.resName]).toEqual([6, null, 'cache-01']);
    expect((await order(c, late.id)).status).toBe(OrderStatus.DELETED);
  });
});

describe('data-store purchases are orders of type ccis', () => {
  const buy = (c: Customer, commitGb: number, autoExtend: boolean, months = 12) =>
    t.request('POST', '/api/data-store/purchases', {
      token: c.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { commitGb, months, autoExtend },
    });

  it('each purchase is listed with its order number; a later one ends the earlier', async () => {
    const c = await customer();
    const r = await buy(c, 1000, false);
    expect(r.statusCode, r.body).toBe(201);
    const term = body<{ data: { orderId: string } }>(r).data;
    const [first] = (await list(c, '/api/orders?resType=ccis')).records;
    expect(first).toMatchObject({
      orderNo: term.orderId,
      resType: 'ccis',
      resName: 'CCIS',
      commitGb: 1000,
      contractMonth: 12,
      orderDate: '2026-03-02',
      orderEDate: '2027-03-02',
      status: OrderStatus.NORMAL,
      autoRenew: false,
      monthlyPrice: '550.0000',
      termPrice: '6600.0000',
    });
    // The data store's contract ends on its own page.
    expect(msg(await cancel(c, first!.id))).toBe('ORDER_CANCEL_ON_DATA_STORE');

    // The next day, a larger commitment from that day: the first term ends there.
    await at(c, new Date(Date.parse(START) + DAY).toISOString());
    expect((await buy(c, 2000, true)).statusCode).toBe(201);
    const history = (await list(c, '/api/orders/history?resType=ccis&sort=orderDate&orderby=asc')).records;
    expect(history.map((o) => [o.commitGb, o.status, o.orderEDate])).toEqual([
      [1000, OrderStatus.EXPIRED_CANCELLED, '2026-03-03'],
      [2000, OrderStatus.NORMAL, '2027-03-03'],
    ]);
    expect((await list(c, '/api/orders')).records.map((o) => o.commitGb)).toEqual([2000]);
  });

  it('auto-extend renews the order at its end; switched off, it expires', async () => {
    const c = await customer();
    expect((await buy(c, 1000, true)).statusCode).toBe(201);
    const [made] = (await list(c, '/api/orders')).records;
    await orderDayAt(c, '2027-02-01T04:00:00Z');
    expect((await order(c, made!.id)).status).toBe(OrderStatus.ABOUT_TO_EXPIRE);
    await orderDayAt(c, '2027-03-02T04:00:00Z');
    const renewed = await order(c, made!.id);
    expect(renewed).toMatchObject({ status: OrderStatus.NORMAL, orderEDate: '2028-03-02', renewals: 1 });
    expect(renewed.events.find((e) => e.kind === 'renew')).toMatchObject({
      beginDate: '2027-03-02',
      endDate: '2028-03-02',
    });
    // Auto-extend off: the order says so at once, and ends with its term.
    const off = await t.request('PATCH', '/api/data-store/contract', {
      token: c.token,
      body: { autoExtend: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await order(c, made!.id)).autoRenew).toBe(false);
    await orderDayAt(c, '2028-03-02T04:00:00Z');
    expect((await order(c, made!.id)).status).toBe(OrderStatus.EXPIRED_CANCELLED);
  });
});

describe('lists, export, tenants and authority', () => {
  it('filters by status, type and order date, sorts, and pages on the server', async () => {
    const c = await customer();
    const a = await converted(c, { vmId: c.vm.small });
    await at(c, '2026-03-05T04:00:00Z');
    const b = await converted(c, { vmId: c.vm.windows, months: 24 });
    await cancel(c, b.id);
    const all = await list(c, '/api/orders/history');
    expect(all.records.map((o) => o.id)).toEqual([b.id, a.id]);
    // The customer's today comes with each page (the cancel rule reads it).
    expect(
      body<{ data: { today: string } }>(await t.request('GET', '/api/orders', { token: c.token })).data.today,
    ).toBe('2026-03-05');
    expect((await list(c, '/api/orders/history?status=7')).records.map((o) => o.id)).toEqual([b.id]);
    expect((await list(c, '/api/orders/history?status=1,7&limit=1&page=1')).records.map((o) => o.id)).toEqual(
      [a.id],
    );
    expect((await list(c, '/api/orders/history?from=2026-03-03')).records.map((o) => o.id)).toEqual([b.id]);
    expect((await list(c, '/api/orders/history?to=2026-03-02')).records.map((o) => o.id)).toEqual([a.id]);
    expect((await list(c, '/api/orders/history?from=2026-03-02&to=2026-03-02')).total).toBe(1);
    for (const path of ['/api/orders/history', '/api/orders', '/api/orders.csv']) {
      const refused = await t.request('GET', `${path}?from=2026-03-05&to=2026-03-01`, { token: c.token });
      expect(refused.statusCode, path).toBe(400);
      expect(body(refused)).toMatchObject({ errors: [{ path: 'to', message: 'validation.startAfterEnd' }] });
    }
    expect((await list(c, '/api/orders/history?resType=ccis')).total).toBe(0);
    expect((await list(c, '/api/orders/history?sort=resName')).records.map((o) => o.resName)).toEqual([
      'cache-01',
      'win-01',
    ]);
    // The manage list holds only the orders in force, whatever status is asked.
    expect((await list(c, '/api/orders')).records.map((o) => o.id)).toEqual([a.id]);
    expect((await list(c, '/api/orders?status=7')).total).toBe(0);
    const bad = await t.request('GET', '/api/orders/history?status=9', { token: c.token });
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV in UTF-8 with a BOM, in the caller’s language', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small });
    const en = await t.request('GET', '/api/orders.csv', {
      token: c.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toBe('attachment; filename="orders-20260302.csv"');
    const lines = en.body.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFF"Order number","Type","Resource"')).toBe(true);
    expect(lines[1]).toBe(
      `"${made.orderNo}","Virtual machine","cache-01","2 vCPU / 16 GB","12","2026-03-02","2027-03-02","1","Active","No","0","4380.0000","52560.0000","${c.root.account}",""`,
    );
    const zh = await t.request('GET', '/api/orders.csv?status=1', {
      token: c.token,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.body).toContain('"訂單編號"');
    expect(zh.body).toContain('"虛擬機"');
    expect(zh.body).toContain('"正常"');
  });

  it('another tenant’s order is a 404, to read and to cancel', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small });
    const other = await customer();
    expect((await t.request('GET', `/api/orders/${made.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await cancel(other, made.id)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/orders/not-an-id', { token: other.token })).statusCode).toBe(404);
    expect((await list(other, '/api/orders/history')).total).toBe(0);
    expect((await order(c, made.id)).status).toBe(OrderStatus.NORMAL);
  });

  it('viewers read orders but cannot convert or cancel; other roles see none', async () => {
    const c = await customer();
    const made = await converted(c, { vmId: c.vm.small });
    const viewer = await t.createIam(c.client, { roles: ['billingViewer'] });
    const vt = await t.signIn(viewer, c.client);
    expect((await t.request('GET', '/api/orders', { token: vt })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/orders/history', { token: vt })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/orders/${made.id}`, { token: vt })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/orders.csv', { token: vt })).statusCode).toBe(200);
    const refused = await t.request('POST', `/api/orders/${made.id}/cancel`, {
      token: vt,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    const convertRefused = await t.request('POST', '/api/orders', {
      token: vt,
      headers: { 'idempotency-key': randomUUID() },
      body: { vmId: c.vm.windows, months: 12, currentPassword: TEST_PASSWORD },
    });
    expect(convertRefused.statusCode).toBe(403);
    const operator = await t.createIam(c.client, { roles: ['computeOperator'] });
    const ot = await t.signIn(operator, c.client);
    expect((await t.request('GET', '/api/orders', { token: ot })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/orders/history', { token: ot })).statusCode).toBe(403);
    // The administrator role manages orders.
    const admin = await t.createIam(c.client, { roles: ['administrator'] });
    const at2 = await t.signIn(admin, c.client);
    const byAdmin = await t.request('POST', '/api/orders', {
      token: at2,
      headers: { 'idempotency-key': randomUUID() },
      body: { vmId: c.vm.windows, months: 12, currentPassword: TEST_PASSWORD },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });
});
