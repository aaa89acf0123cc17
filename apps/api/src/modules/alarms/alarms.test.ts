import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmStatus, type Alarm, type AlarmFiring } from '@portal/shared';
import { alarms, auditLog, vmMetricSamples, vms } from '../../db/schema/index.js';
import { body, build, ok, type Response, type Tenant, type TestApp } from '../../../test/build.js';
import { standingVpc } from '../../../test/standing-vpc.js';
import { jobsSettled } from '../../../test/jobs-settled.js';
import { ALARM_MAILS_QUEUE } from './alarm-evaluator.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';
const MINUTE = 60_000;
/** 2026-03-02 12:00 in Taipei. */
const START = Date.parse('2026-03-02T04:00:00Z');
const minute = (n: number) => new Date(START + n * MINUTE);

/** Month-to-date spends the budget alarms are told, by tenant; a missing one fails. */
const spends = new Map<string, string>();

let t: TestApp;
beforeAll(async () => {
  t = await build({
    spendOf: async (clientId) => {
      const spend = spends.get(clientId);
      if (spend === undefined) throw new Error('no valuation');
      return spend;
    },
  });
  t.clock.set(minute(0));
});
afterAll(() => t.close());

const errors = (r: Response) => Object.fromEntries((body(r).errors ?? []).map((e) => [e.path, e.message]));

interface Customer extends Tenant {
  token: string;
  vmIds: string[];
}

/** A tenant signed in, with two running VMs in a VPC (rows written directly: no cloud needed). */
async function customer(): Promise<Customer> {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const clientId = tenant.client.id;
  const vpc = await standingVpc(t.db, clientId);
  const rows = await t.db
    .insert(vms)
    .values(
      ['app-1', 'app-2'].map((name) => ({
        clientId,
        name,
        status: VmStatus.RUNNING,
        templateId: UBUNTU,
        cpuCore: 2,
        ramSize: 4,
        vpcId: vpc.id,
        createdAt: minute(-60),
      })),
    )
    .returning({ id: vms.id });
  return { ...tenant, token, vmIds: rows.map((r) => r.id) };
}

let addresses = 0;
const address = () => `ops-${++addresses}-${randomUUID().slice(0, 8)}@example.com`;

const metricAlarm = (c: Customer, extra: Record<string, unknown> = {}) => ({
  alarmName: 'cpu-high',
  kind: 'metric',
  vmUuid: c.vmIds[0],
  item: 'cpu',
  operator: '>',
  criticalNumber: 80,
  continuance: 3,
  coolDownTime: 10,
  emails: [address()],
  ...extra,
});

const create = (c: Customer, alarm: Record<string, unknown>, lang = 'zh-TW') =>
  t.request('POST', '/api/alarms', { token: c.token, body: alarm, headers: { 'accept-language': lang } });
const get = (c: Customer, id: string) => t.request('GET', `/api/alarms/${id}`, { token: c.token });
const history = async (c: Customer, id: string) =>
  ok<{ records: AlarmFiring[]; total: number }>(
    await t.request('GET', `/api/alarms/${id}/history?page=0&limit=50`, { token: c.token }),
  );

/** A minute's sample of a VM (the metrics sampler writes these); CPU as given, the rest quiet. */
async function sample(c: Customer, at: Date, cpuPct: number, vm = c.vmIds[0]!) {
  await t.db.insert(vmMetricSamples).values({
    vmId: vm,
    clientId: c.client.id,
    at,
    cpuPct,
    memPct: 30,
    diskReadBps: 0,
    diskWriteBps: 0,
    netInBps: 2048,
    netOutBps: 0,
  });
}

/** The minute `n` sampled for the VM with `cpu`, then evaluated as the sampler would. */
async function tick(c: Customer, n: number, cpu: number | null, vm = c.vmIds[0]!) {
  t.clock.set(minute(n));
  if (cpu !== null) await sample(c, minute(n), cpu, vm);
  return t.app.alarmEvaluator.evaluateAlarms(minute(n));
}

/** The mails to an address, oldest first, once the evaluator's mail jobs are delivered. */
const mailsTo = async (to: string) => {
  await jobsSettled(t.database.sqlExecutor, [ALARM_MAILS_QUEUE]);
  return (await t.outbox.list(to)).reverse();
};
const status = async (c: Customer, id: string) => ok<Alarm>(await get(c, id)).status;

describe('alarms: create, read, change, delete', () => {
  it('creates a metric alarm on a VM of the tenant, lists it paged and sorted, changes and deletes it, audited', async () => {
    const c = await customer();
    const emails = [address(), address()];
    const created = ok<Alarm>(await create(c, metricAlarm(c, { emails })));
    expect(created).toMatchObject({
      alarmName: 'cpu-high',
      kind: 'metric',
      item: 'cpu',
      vmUuid: c.vmIds[0],
      vmName: 'app-1',
      operator: '>',
      criticalNumber: 80,
      continuance: 3,
      coolDownTime: 10,
      budgetAmount: null,
      thresholdPct: null,
      emails,
      // No sample of the VM yet.
      status: 2,
      lastAlarmTime: null,
      createDate: minute(0).toISOString(),
    });
    // With a recent sample, a new alarm starts normal.
    await sample(c, minute(0), 10, c.vmIds[1]);
    const second = ok<Alarm>(
      await create(
        c,
        metricAlarm(c, {
          alarmName: 'net-in',
          vmUuid: c.vmIds[1],
          item: 'netIn',
          operator: '<',
          criticalNumber: 1,
        }),
      ),
    );
    expect(second).toMatchObject({ status: 0, vmName: 'app-2', item: 'netIn' });

    const list = ok<{ records: Alarm[]; total: number }>(
      await t.request('GET', '/api/alarms?page=0&limit=10&sort=alarmName&orderby=asc', { token: c.token }),
    );
    expect(list.total).toBe(2);
    expect(list.records.map((a) => a.alarmName)).toEqual(['cpu-high', 'net-in']);
    const filtered = ok<{ records: Alarm[]; total: number }>(
      await t.request('GET', '/api/alarms?status=2&search=cpu', { token: c.token }),
    );
    expect(filtered.records.map((a) => a.uuid)).toEqual([created.uuid]);
    const byVm = ok<{ total: number }>(
      await t.request('GET', `/api/alarms?vmUuid=${c.vmIds[1]}&kind=metric`, { token: c.token }),
    );
    expect(byVm.total).toBe(1);
    const paged = ok<{ records: Alarm[]; total: number }>(
      await t.request('GET', '/api/alarms?page=1&limit=1&sort=alarmName&orderby=desc', { token: c.token }),
    );
    expect(paged).toMatchObject({ total: 2, records: [{ uuid: created.uuid }] });

    t.clock.set(minute(1));
    const changed = ok<Alarm>(
      await t.request('PATCH', `/api/alarms/${created.uuid}`, {
        token: c.token,
        body: { alarmName: 'cpu-very-high', criticalNumber: 95, emails: [emails[0]] },
      }),
    );
    expect(changed).toMatchObject({
      alarmName: 'cpu-very-high',
      criticalNumber: 95,
      emails: [emails[0]],
      continuance: 3,
      updateDate: minute(1).toISOString(),
    });
    ok(await t.request('DELETE', `/api/alarms/${created.uuid}`, { token: c.token }));
    expect((await get(c, created.uuid)).statusCode).toBe(404);

    const actions = await t.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.clientId, c.client.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'alarm.create', outcome: 'success', targetId: created.uuid },
        { action: 'alarm.update', outcome: 'success', targetId: created.uuid },
        { action: 'alarm.delete', outcome: 'success', targetId: created.uuid },
      ]),
    );
  });

  it('goes with its VM: deleting the VM deletes its alarms', async () => {
    const c = await customer();
    const alarm = ok<Alarm>(await create(c, metricAlarm(c)));
    await t.db.delete(vms).where(eq(vms.id, c.vmIds[0]!));
    expect((await get(c, alarm.uuid)).statusCode).toBe(404);
  });

  it('creates a budget alarm with an exact amount, evaluated at once after the commit', async () => {
    const c = await customer();
    spends.set(c.client.id, '100.5');
    const created = ok<Alarm>(
      await create(c, {
        alarmName: 'monthly',
        kind: 'budget',
        budgetAmount: '10000.25',
        thresholdPct: 80,
        emails: [address()],
      }),
    );
    expect(created).toMatchObject({
      kind: 'budget',
      item: null,
      vmUuid: null,
      operator: null,
      criticalNumber: null,
      budgetAmount: '10000.2500',
      thresholdPct: 80,
      status: 2,
    });
    await t.settled();
    await expect.poll(() => status(c, created.uuid)).toBe(0);
  });
});

describe('alarms: validation (spec section 5)', () => {
  it('answers every problem of a metric alarm with its message key', async () => {
    const c = await customer();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ alarmName: '' }, { alarmName: 'validation.notEmpty' }],
      [{ alarmName: '-bad' }, { alarmName: 'validation.needBeResourceName' }],
      [{ criticalNumber: 0 }, { criticalNumber: 'validation.needBePositiveInteger' }],
      [{ criticalNumber: 1.5 }, { criticalNumber: 'validation.needBePositiveInteger' }],
      [{ criticalNumber: 'x' }, { criticalNumber: 'validation.needBePositiveInteger' }],
      [{ criticalNumber: 101 }, { criticalNumber: 'validation.needBeIntegerInRange' }],
      [{ continuance: 0 }, { continuance: 'validation.needBePositiveInteger' }],
      [{ continuance: 1441 }, { continuance: 'validation.needBeIntegerInRange' }],
      [{ coolDownTime: -1 }, { coolDownTime: 'validation.needBePositiveInteger' }],
      [{ coolDownTime: 10_081 }, { coolDownTime: 'validation.needBeIntegerInRange' }],
      [{ item: 'gpu' }, { item: 'validation.needBeOneOf' }],
      [{ operator: '!=' }, { operator: 'validation.needBeOneOf' }],
      [{ vmUuid: null }, { vmUuid: 'validation.notEmpty' }],
      [{ emails: [] }, { emails: 'validation.notEmpty' }],
      [
        { emails: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) },
        { emails: 'validation.alarmEmailsMax' },
      ],
      [{ emails: ['ok@example.com', 'not-an-address'] }, { 'emails.1': 'validation.needBeFormat.Email' }],
      [{ emails: ['ok@example.com', 'OK@example.com'] }, { 'emails.1': 'validation.alarmEmailDuplicate' }],
      [
        { criticalNumber: 0, continuance: 'x', emails: ['bad'] },
        {
          criticalNumber: 'validation.needBePositiveInteger',
          continuance: 'validation.needBePositiveInteger',
          'emails.0': 'validation.needBeFormat.Email',
        },
      ],
    ];
    for (const [change, expected] of cases) {
      const r = await create(c, metricAlarm(c, change));
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
      // A code of its own when every problem is one rule that has one (spec section 8).
      const rules = new Set(Object.values(expected));
      const only = rules.size === 1 ? [...rules][0] : undefined;
      expect(body(r).msg, JSON.stringify(change)).toBe(
        only === 'validation.notEmpty'
          ? 'FIELD_MUST_FILL_IN'
          : only === 'validation.needBeFormat.Email'
            ? 'EMAIL_DOES_NOT_CONFORM_TO_NORMALIZATION'
            : 'FORMAT_ERROR',
      );
      expect(errors(r), JSON.stringify(change)).toEqual(expected);
    }
    // Up to 10 KB/s-scale numbers for throughput; exactly 10 emails.
    ok(await create(c, metricAlarm(c, { item: 'diskWrite', criticalNumber: 50_000 })));
    ok(
      await create(c, metricAlarm(c, { emails: Array.from({ length: 10 }, (_, i) => `u${i}@example.com`) })),
    );
    const [{ n }] = [
      { n: (await t.db.select().from(alarms).where(eq(alarms.clientId, c.client.id))).length },
    ];
    expect(n).toBe(2);
  });

  it('checks a budget alarm and a change as the alarm they make', async () => {
    const c = await customer();
    const budget = {
      alarmName: 'monthly',
      kind: 'budget',
      budgetAmount: '5000',
      thresholdPct: 80,
      emails: [address()],
    };
    for (const [change, expected] of [
      [{ budgetAmount: '0' }, { budgetAmount: 'validation.alarmBudgetAmount' }],
      [{ budgetAmount: '12.34567' }, { budgetAmount: 'validation.alarmBudgetAmount' }],
      [{ budgetAmount: null }, { budgetAmount: 'validation.notEmpty' }],
      [{ thresholdPct: 0 }, { thresholdPct: 'validation.needBePositiveInteger' }],
      [{ thresholdPct: 1001 }, { thresholdPct: 'validation.needBeIntegerInRange' }],
      [{ kind: 'other' }, { kind: 'validation.needBeOneOf' }],
    ] as const) {
      const r = await create(c, { ...budget, ...change });
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
      expect(errors(r), JSON.stringify(change)).toMatchObject(expected);
    }
    const alarm = ok<Alarm>(await create(c, metricAlarm(c)));
    const patch = (change: Record<string, unknown>) =>
      t.request('PATCH', `/api/alarms/${alarm.uuid}`, { token: c.token, body: change });
    // 150 is no CPU percent; as KB/s of network it is.
    expect(errors(await patch({ criticalNumber: 150 }))).toEqual({
      criticalNumber: 'validation.needBeIntegerInRange',
    });
    expect(errors(await patch({ emails: [] }))).toEqual({ emails: 'validation.notEmpty' });
    expect(errors(await patch({ continuance: 0 }))).toEqual({
      continuance: 'validation.needBePositiveInteger',
    });
    expect(ok<Alarm>(await patch({ item: 'netOut', criticalNumber: 150 }))).toMatchObject({
      item: 'netOut',
      criticalNumber: 150,
    });
  });
});

describe('alarms: tenants and authority', () => {
  it("answers 404 for another tenant's alarm and VM", async () => {
    const a = await customer();
    const b = await customer();
    const alarm = ok<Alarm>(await create(a, metricAlarm(a)));
    for (const [method, path] of [
      ['GET', `/api/alarms/${alarm.uuid}`],
      ['PATCH', `/api/alarms/${alarm.uuid}`],
      ['DELETE', `/api/alarms/${alarm.uuid}`],
      ['POST', `/api/alarms/${alarm.uuid}/trigger`],
      ['GET', `/api/alarms/${alarm.uuid}/history`],
      ['GET', '/api/alarms/not-a-uuid/history'],
    ] as const) {
      const r = await t.request(method, path, {
        token: b.token,
        body: method === 'PATCH' ? { alarmName: 'x' } : undefined,
      });
      expect(r.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(ok<{ total: number }>(await t.request('GET', '/api/alarms', { token: b.token })).total).toBe(0);
    for (const vmUuid of [a.vmIds[0], randomUUID()]) {
      const r = await create(b, metricAlarm(b, { vmUuid }));
      expect(r.statusCode).toBe(404);
      expect(body(r)).toMatchObject({
        msg: 'VM_NOT_FOUND',
        errors: [{ path: 'vmUuid', message: 'apiError.VM_NOT_FOUND' }],
      });
    }
    // Not an id at all: refused with the field before any query.
    expect(body(await create(b, metricAlarm(b, { vmUuid: 'nope' })))).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'vmUuid', message: 'validation.needBeOneOf' }],
    });
    const mine = ok<Alarm>(await create(b, metricAlarm(b)));
    const moved = await t.request('PATCH', `/api/alarms/${mine.uuid}`, {
      token: b.token,
      body: { vmUuid: a.vmIds[1] },
    });
    expect(moved.statusCode).toBe(404);
    expect(ok<Alarm>(await get(a, alarm.uuid)).alarmName).toBe('cpu-high');
  });

  it('lets a viewer read alarms but not change or trigger them; others not even read', async () => {
    const c = await customer();
    const alarm = ok<Alarm>(await create(c, metricAlarm(c)));
    const viewer = await t.signIn(await t.createIam(c.client, { roles: ['readOnly'] }), c.client);
    const outsider = await t.signIn(await t.createIam(c.client, { roles: ['networkOperator'] }), c.client);
    const admin = await t.signIn(await t.createIam(c.client, { roles: ['administrator'] }), c.client);
    expect((await t.request('GET', '/api/alarms', { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/alarms/${alarm.uuid}/history`, { token: viewer })).statusCode).toBe(
      200,
    );
    expect((await t.request('POST', '/api/alarms', { token: viewer, body: metricAlarm(c) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request('PATCH', `/api/alarms/${alarm.uuid}`, { token: viewer, body: {} })).statusCode,
    ).toBe(403);
    expect((await t.request('POST', `/api/alarms/${alarm.uuid}/trigger`, { token: viewer })).statusCode).toBe(
      403,
    );
    expect((await t.request('DELETE', `/api/alarms/${alarm.uuid}`, { token: viewer })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/alarms', { token: outsider })).statusCode).toBe(403);
    expect(
      (await t.request('GET', `/api/alarms/${alarm.uuid}/history`, { token: outsider })).statusCode,
    ).toBe(403);
    expect((await t.request('POST', `/api/alarms/${alarm.uuid}/trigger`, { token: admin })).statusCode).toBe(
      200,
    );
  });
});

describe('alarms: evaluation on each new sample', () => {
  it('alarms after N consecutive breaches, mails once, and recovers when a sample does not breach', async () => {
    const c = await customer();
    const to = address();
    const alarm = ok<Alarm>(
      await create(c, metricAlarm(c, { continuance: 3, coolDownTime: 10, emails: [to] })),
    );
    await tick(c, 1, 90);
    await tick(c, 2, 95);
    // The same minute evaluated again (a sampler's retry) counts none of its breaches twice.
    expect(await t.app.alarmEvaluator.evaluateAlarms(minute(2))).toMatchObject({ changed: 0 });
    expect(await status(c, alarm.uuid)).toBe(0);
    // A sample under the line starts the count again.
    await tick(c, 3, 50);
    await tick(c, 4, 81);
    await tick(c, 5, 82);
    expect(await status(c, alarm.uuid)).toBe(0);
    expect(await mailsTo(to)).toEqual([]);
    const third = await tick(c, 6, 83.25);
    expect(third).toMatchObject({ mailed: 1 });
    const alarming = ok<Alarm>(await get(c, alarm.uuid));
    expect(alarming).toMatchObject({ status: 1, lastAlarmTime: minute(6).toISOString() });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    // Created in Chinese: its mails are in Chinese.
    expect(mails[0]).toMatchObject({
      lang: 'zh-TW',
      subject: '【告警】cpu-high：app-1 的CPU 使用率為 83.3 %',
    });
    expect(mails[0]!.text).toContain('CPU 使用率 > 80 % 連續 3 個資料點');
    expect(mails[0]!.text).toContain('2026-03-02 12:06 (Asia/Taipei)');
    expect(mails[0]!.text).toContain(`/#/alarm/edit/${alarm.uuid}`);
    // Still breaching within the cool-down: alarming, nothing more.
    await tick(c, 7, 99);
    await tick(c, 8, 40);
    expect(await status(c, alarm.uuid)).toBe(0);
    expect(await mailsTo(to)).toHaveLength(1);
    const entries = (await history(c, alarm.uuid)).records;
    expect(entries.map((e) => [e.at, e.kind, e.status, e.value, e.mailed])).toEqual([
      [minute(8).toISOString(), 'recovered', 0, '40.0000', 0],
      [minute(6).toISOString(), 'breach', 1, '83.2500', 1],
    ]);
  });

  it('sends no second mail within the cool-down, and again once it has passed', async () => {
    const c = await customer();
    const to = address();
    const alarm = ok<Alarm>(
      await create(c, metricAlarm(c, { continuance: 1, coolDownTime: 10, emails: [to] })),
    );
    await tick(c, 0, 90);
    expect(await mailsTo(to)).toHaveLength(1);
    await tick(c, 1, 10);
    // Alarming again 2 minutes after the mail: recorded, not mailed.
    await tick(c, 2, 90);
    expect(await status(c, alarm.uuid)).toBe(1);
    for (let n = 3; n <= 9; n++) await tick(c, n, 90);
    expect(await mailsTo(to)).toHaveLength(1);
    // Ten minutes after the first mail, still alarming: mailed again.
    await tick(c, 10, 90);
    expect(await mailsTo(to)).toHaveLength(2);
    await tick(c, 11, 90);
    expect(await mailsTo(to)).toHaveLength(2);
    const entries = (await history(c, alarm.uuid)).records.map((e) => [e.at, e.kind, e.mailed]);
    expect(entries).toEqual([
      [minute(10).toISOString(), 'breach', 1],
      [minute(2).toISOString(), 'breach', 0],
      [minute(1).toISOString(), 'recovered', 0],
      [minute(0).toISOString(), 'breach', 1],
    ]);
    expect(ok<Alarm>(await get(c, alarm.uuid)).lastAlarmTime).toBe(minute(10).toISOString());
  });

  it('has insufficient data when the samples stop, once, and recovers when they come back', async () => {
    const c = await customer();
    const to = address();
    const alarm = ok<Alarm>(await create(c, metricAlarm(c, { continuance: 1, emails: [to] })));
    await tick(c, 0, 95);
    expect(await status(c, alarm.uuid)).toBe(1);
    // The VM stops: no samples. Four quiet minutes are still data; the fifth is not.
    for (let n = 1; n <= 4; n++) await tick(c, n, null);
    expect(await status(c, alarm.uuid)).toBe(1);
    await tick(c, 5, null);
    expect(await status(c, alarm.uuid)).toBe(2);
    await tick(c, 6, null);
    // Back: under the line, normal; no mail for either change.
    await tick(c, 7, 20);
    expect(await status(c, alarm.uuid)).toBe(0);
    expect(await mailsTo(to)).toHaveLength(1);
    const kinds = (await history(c, alarm.uuid)).records.map((e) => [e.at, e.kind, e.status, e.value]);
    expect(kinds).toEqual([
      [minute(5).toISOString(), 'insufficient', 2, null],
      [minute(0).toISOString(), 'breach', 1, '95.0000'],
    ]);
  });

  it("evaluates every alarm of the minute's VMs in one pass and writes only those that moved", async () => {
    // The evaluator looks at every tenant: the earlier tests' alarms go quiet first (no samples).
    await t.app.alarmEvaluator.evaluateAlarms(minute(990));
    t.clock.set(minute(1000));
    const c = await customer();
    const other = await customer();
    const ids: string[] = [];
    for (const [i, vm] of c.vmIds.entries()) {
      for (const critical of [10, 50, 90]) {
        ids.push(
          ok<Alarm>(
            await create(
              c,
              metricAlarm(c, {
                alarmName: `a-${i}-${critical}`,
                vmUuid: vm,
                criticalNumber: critical,
                continuance: 1,
              }),
            ),
          ).uuid,
        );
      }
    }
    const quiet = ok<Alarm>(await create(other, metricAlarm(other, { continuance: 1 })));
    await sample(c, minute(1000), 60, c.vmIds[0]);
    await sample(c, minute(1000), 20, c.vmIds[1]);
    const first = await t.app.alarmEvaluator.evaluateAlarms(minute(1000));
    // Six alarms sampled; VM 1 at 60 % breaches 10 and 50, VM 2 at 20 % breaches 10; the other
    // tenant's alarm had no sample yet and stays insufficient.
    expect(first).toMatchObject({ evaluated: 6, changed: 6, fired: 3, mailed: 3 });
    const statuses = await Promise.all(ids.map((id) => status(c, id)));
    expect(statuses).toEqual([1, 1, 0, 1, 0, 0]);
    expect(await status(other, quiet.uuid)).toBe(2);
    // The same readings a minute later: nothing moves, nothing is written.
    t.clock.set(minute(1001));
    await sample(c, minute(1001), 60, c.vmIds[0]);
    await sample(c, minute(1001), 20, c.vmIds[1]);
    expect(await t.app.alarmEvaluator.evaluateAlarms(minute(1001))).toMatchObject({
      evaluated: 6,
      changed: 0,
      fired: 0,
    });
  });

  it('shows the moved status in the list at once (the list is kept by the resources version)', async () => {
    const c = await customer();
    ok<Alarm>(await create(c, metricAlarm(c, { continuance: 1 })));
    const listed = async () =>
      ok<{ records: Alarm[] }>(await t.request('GET', '/api/alarms', { token: c.token })).records[0]!.status;
    expect(await listed()).toBe(2);
    await tick(c, 0, 99);
    expect(await listed()).toBe(1);
  });
});

describe('alarms: the manual trigger', () => {
  it('sets alarming at once, records it and mails every address in the alarm language, cool-down or not', async () => {
    const c = await customer();
    const emails = [address(), address()];
    const alarm = ok<Alarm>(await create(c, metricAlarm(c, { emails, coolDownTime: 60 }), 'en'));
    t.clock.set(minute(3));
    const triggered = ok<Alarm>(
      await t.request('POST', `/api/alarms/${alarm.uuid}/trigger`, { token: c.token }),
    );
    expect(triggered).toMatchObject({ status: 1, lastAlarmTime: minute(3).toISOString() });
    for (const to of emails) {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ lang: 'en', subject: '[Alarm] cpu-high was triggered by hand' });
      expect(mails[0]!.text).toContain(
        `${c.root.account} triggered your alarm cpu-high by hand at 2026-03-02 12:03 (Asia/Taipei)`,
      );
      expect(mails[0]!.text).toContain('CPU usage > 80 % for 3 data points in a row (VM app-1)');
    }
    // Again within the cool-down: the trigger mails all the same.
    t.clock.set(minute(4));
    ok(await t.request('POST', `/api/alarms/${alarm.uuid}/trigger`, { token: c.token }));
    expect(await mailsTo(emails[0]!)).toHaveLength(2);
    expect((await history(c, alarm.uuid)).records.map((e) => [e.kind, e.mailed, e.value])).toEqual([
      ['manual', 2, null],
      ['manual', 2, null],
    ]);
    const [record] = await t.db
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.client.id), eq(auditLog.action, 'alarm.trigger')));
    expect(record).toEqual({ outcome: 'success' });
    // The data decides again at the next sample: under the line, it recovers.
    await tick(c, 5, 10);
    expect(await status(c, alarm.uuid)).toBe(0);
  });
});

describe('alarms: budgets', () => {
  it('mails once a month per threshold crossing, recovers in a new month, and has no data without a spend', async () => {
    const c = await customer();
    const to = address();
    spends.set(c.client.id, '7999.9999');
    const alarm = ok<Alarm>(
      await create(
        c,
        { alarmName: 'monthly', kind: 'budget', budgetAmount: '10000', thresholdPct: 80, emails: [to] },
        'en',
      ),
    );
    await t.settled();
    await expect.poll(() => status(c, alarm.uuid)).toBe(0);
    const hourly = (at: string) => t.app.alarmEvaluator.evaluateBudgetAlarms(new Date(at), [alarm.uuid]);

    spends.set(c.client.id, '8000');
    expect(await hourly('2026-03-02T05:07:00Z')).toMatchObject({ mailed: 1 });
    expect(await status(c, alarm.uuid)).toBe(1);
    const [mail] = await mailsTo(to);
    expect(mail).toMatchObject({ subject: '[Budget alarm] monthly: 80.0 % of the budget spent in 2026-03' });
    expect(mail!.text).toContain('Spend so far in 2026-03: NT$8,000 (80.0 % of the budget)');
    spends.set(c.client.id, '9500.5');
    expect(await hourly('2026-03-02T06:07:00Z')).toMatchObject({ mailed: 0, changed: 0 });
    // The tenant's month: 2026-04-01 00:07 in Taipei is April, the spend starts again.
    spends.set(c.client.id, '12.5');
    await hourly('2026-03-31T16:07:00Z');
    expect(await status(c, alarm.uuid)).toBe(0);
    spends.set(c.client.id, '8100');
    await hourly('2026-04-20T01:07:00Z');
    expect(await mailsTo(to)).toHaveLength(2);
    // A new threshold may mail again in the same month.
    t.clock.set('2026-04-20T01:30:00Z');
    c.token = await t.signIn(c.root, c.client);
    ok(await t.request('PATCH', `/api/alarms/${alarm.uuid}`, { token: c.token, body: { thresholdPct: 81 } }));
    await t.settled();
    await expect.poll(async () => (await mailsTo(to)).length).toBe(3);
    // A spend that cannot be had: insufficient data, once.
    spends.delete(c.client.id);
    await hourly('2026-04-20T02:07:00Z');
    await hourly('2026-04-20T03:07:00Z');
    expect(await status(c, alarm.uuid)).toBe(2);
    const kinds = (await history(c, alarm.uuid)).records.map((e) => [e.kind, e.value, e.mailed]);
    expect(kinds).toEqual([
      ['insufficient', null, 0],
      ['breach', '8100.0000', 1],
      ['breach', '8100.0000', 1],
      ['recovered', '12.5000', 0],
      ['breach', '8000.0000', 1],
    ]);
  });
});
