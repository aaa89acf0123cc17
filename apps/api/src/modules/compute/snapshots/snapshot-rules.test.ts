import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SNAPSHOT_DEFAULT_RULE,
  SNAPSHOT_RULE_MAX_VMS,
  snapshotRuleCreateSchema,
  SnapshotStatus,
  type Snapshot,
  type SnapshotRule,
  type Vm,
} from '@portal/shared';
import { snapshotRules, snapshots, vms } from '../../../db/schema/index.js';
import { body, ok, type Tenant, type TestApp } from '../../../../test/build.js';
import { buildWithVpc } from '../../../../test/build-with-vpc.js';
import { settled } from '../../../../test/operations.js';
import { createDefaultNetwork } from '../default-network.js';
import { createSnapshotScheduler, SNAPSHOT_RULES_QUEUE } from './rule-scheduler.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';
/** Wednesday 2027-01-06, 01:00 in Taipei. */
const START = '2027-01-05T17:00:00Z';

let t: TestApp, tenant: Tenant, token: string, vpcUuid: string;
beforeAll(async () => {
  ({ t, tenant, token, vpcUuid } = await buildWithVpc({ at: START }));
});
afterAll(() => t.close());

async function vm(name: string): Promise<Vm> {
  const created = ok<Vm>(
    await t.request('POST', '/api/vms', {
      token,
      body: { name, templateUUID: UBUNTU, cpuCore: 2, ramSize: 4, rootDiskSize: 50, vpcUuid },
    }),
  );
  await settled(t);
  return created;
}
const createRule = (rule: Record<string, unknown>) =>
  t.request('POST', '/api/snapshot-rules', { token, body: rule });
const getRule = async (uuid: string) =>
  ok<SnapshotRule>(await t.request('GET', `/api/snapshot-rules/${uuid}`, { token }));

describe('snapshot rules', () => {
  it('protects several VMs, each in one rule only, and refuses without changing anything', async () => {
    const [a, b, c] = [await vm('app-1'), await vm('app-2'), await vm('app-3')];
    const rule = ok<SnapshotRule>(
      await createRule({
        policyName: 'nightly',
        policyCycle: 1,
        retainedQuantity: 7,
        vmUuids: [a.uuid, b.uuid],
      }),
    );
    expect(rule).toMatchObject({
      policyName: 'nightly',
      policyCycle: 1,
      weekday: null,
      retainedQuantity: 7,
      vms: [
        { uuid: a.uuid, name: 'app-1' },
        { uuid: b.uuid, name: 'app-2' },
      ],
      // 02:00 in Taipei, the first after 01:00.
      nextRunAt: '2027-01-05T18:00:00.000Z',
      lastRunAt: null,
    });

    const rulesBefore = await t.db.select({ id: snapshotRules.id }).from(snapshotRules);
    const taken = await createRule({
      policyName: 'weekly',
      policyCycle: 2,
      weekday: 5,
      retainedQuantity: 4,
      vmUuids: [c.uuid, b.uuid],
    });
    expect(body(taken).msg).toBe('A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE');
    expect(await t.db.select({ id: snapshotRules.id }).from(snapshotRules)).toHaveLength(rulesBefore.length);
    const [stillC] = await t.db.select().from(vms).where(eq(vms.id, c.uuid));
    expect(stillC?.snapshotRuleId).toBeNull();

    for (const [payload, path, message] of [
      [{ policyCycle: 2 }, 'weekday', 'validation.notEmpty'],
      [{ retainedQuantity: 0 }, 'retainedQuantity', 'validation.needBeIntegerInRange'],
      [{ retainedQuantity: 31 }, 'retainedQuantity', 'validation.needBeIntegerInRange'],
      [{ policyCycle: 3 }, 'policyCycle', 'validation.needBeOneOf'],
      [{ policyName: '' }, 'policyName', 'validation.notEmpty'],
    ] as const) {
      const response = await createRule({ policyName: 'x', policyCycle: 1, retainedQuantity: 3, ...payload });
      expect(body(response).errors, JSON.stringify(payload)).toContainEqual({ path, message });
    }

    // Moving a VM: replace the set, or add to it (the VM list's "protect").
    const edited = ok<SnapshotRule>(
      await t.request('PATCH', `/api/snapshot-rules/${rule.uuid}`, {
        token,
        body: { vmUuids: [a.uuid], policyCycle: 2, weekday: 7 },
      }),
    );
    expect(edited.vmUuids).toEqual([a.uuid]);
    expect(edited).toMatchObject({ policyCycle: 2, weekday: 7, nextRunAt: '2027-01-09T18:00:00.000Z' });
    const weekly = ok<SnapshotRule>(
      await createRule({
        policyName: 'weekly',
        policyCycle: 2,
        weekday: 5,
        retainedQuantity: 4,
        vmUuids: [c.uuid],
      }),
    );
    const added = ok<SnapshotRule>(
      await t.request('POST', `/api/snapshot-rules/${weekly.uuid}/add-vms`, {
        token,
        body: { vmUuids: [b.uuid] },
      }),
    );
    expect(added.vms.map((v) => v.name)).toEqual(['app-2', 'app-3']);
    const again = await t.request('POST', `/api/snapshot-rules/${rule.uuid}/add-vms`, {
      token,
      body: { vmUuids: [b.uuid] },
    });
    expect(body(again).msg).toBe('A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE');

    // The VM list says which VMs no rule protects.
    const unprotected = ok<{ records: Vm[] }>(await t.request('GET', '/api/vms?protected=no', { token }));
    expect(unprotected.records.map((v) => v.name)).toEqual([]);
    const vmB = ok<Vm>(await t.request('GET', `/api/vms/${b.uuid}`, { token }));
    expect(vmB.snapshotRuleUuid).toBe(weekly.uuid);

    // Deleting a rule leaves its VMs unprotected.
    ok(await t.request('DELETE', `/api/snapshot-rules/${rule.uuid}`, { token }));
    const nowUnprotected = ok<{ records: Vm[] }>(await t.request('GET', '/api/vms?protected=no', { token }));
    expect(nowUnprotected.records.map((v) => v.name)).toEqual(['app-1']);
    ok(await t.request('DELETE', `/api/snapshot-rules/${weekly.uuid}`, { token }));
  });

  it('keeps tenants apart', async () => {
    const mine = await vm('private-1');
    const rule = ok<SnapshotRule>(
      await createRule({ policyName: 'mine', policyCycle: 0, retainedQuantity: 2 }),
    );
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    expect((await t.request('GET', `/api/snapshot-rules/${rule.uuid}`, { token: theirs })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request('DELETE', `/api/snapshot-rules/${rule.uuid}`, { token: theirs })).statusCode,
    ).toBe(404);
    const theirRule = ok<SnapshotRule>(
      await t.request('POST', '/api/snapshot-rules', {
        token: theirs,
        body: { policyName: 'theirs', policyCycle: 1, retainedQuantity: 2 },
      }),
    );
    const steal = await t.request('POST', `/api/snapshot-rules/${theirRule.uuid}/add-vms`, {
      token: theirs,
      body: { vmUuids: [mine.uuid] },
    });
    expect(body(steal).msg).toBe('VM_NOT_FOUND');
    ok(await t.request('DELETE', `/api/snapshot-rules/${rule.uuid}`, { token }));
  });
});

describe('one-click protection with the default rule', () => {
  /** A customer of its own (the default rule is one per customer) with VMs in its network. */
  async function customerWithVms(...names: string[]) {
    const c = await t.createTenant();
    const cToken = await t.signIn(c.root, c.client);
    const net = (await createDefaultNetwork(t.db, c.client.id)).vpc.id;
    const made: Vm[] = [];
    for (const name of names) {
      made.push(
        ok<Vm>(
          await t.request('POST', '/api/vms', {
            token: cToken,
            body: { name, templateUUID: UBUNTU, cpuCore: 2, ramSize: 4, rootDiskSize: 50, vpcUuid: net },
          }),
        ),
      );
    }
    await settled(t);
    return { c, token: cToken, vms: made };
  }
  const protect = (as: string, vmUuids: string[], lang = 'zh-TW') =>
    t.request('POST', '/api/snapshot-rules/protect', {
      token: as,
      headers: { 'accept-language': lang },
      body: { vmUuids },
    });
  const defaultsOf = (c: Tenant) =>
    t.db
      .select()
      .from(snapshotRules)
      .where(and(eq(snapshotRules.clientId, c.client.id), eq(snapshotRules.isDefault, true)));

  it('makes a daily rule keeping 7, named in the caller’s language, with the VMs; later clicks reuse it', async () => {
    const { c, token: as, vms: made } = await customerWithVms('web-a', 'web-b', 'web-c');
    const [a, b, third] = made as [Vm, Vm, Vm];
    const rule = ok<SnapshotRule>(await protect(as, [a.uuid, b.uuid]));
    expect(rule).toMatchObject({
      policyName: '每日自動快照',
      policyCycle: SNAPSHOT_DEFAULT_RULE.policyCycle,
      weekday: null,
      retainedQuantity: SNAPSHOT_DEFAULT_RULE.retainedQuantity,
      isDefault: true,
      vmUuids: [a.uuid, b.uuid],
      // 02:00 in Taipei, the first after 01:00.
      nextRunAt: '2027-01-05T18:00:00.000Z',
    });
    // Within the limits a rule made by hand must meet.
    expect(
      snapshotRuleCreateSchema.safeParse({
        policyName: rule.policyName,
        policyCycle: rule.policyCycle,
        retainedQuantity: rule.retainedQuantity,
      }).success,
    ).toBe(true);
    // Renamed and asked again in English: the same rule, its name kept, the VM added.
    ok(
      await t.request('PATCH', `/api/snapshot-rules/${rule.uuid}`, {
        token: as,
        body: { policyName: 'mine' },
      }),
    );
    const again = ok<SnapshotRule>(await protect(as, [third.uuid], 'en'));
    expect(again).toMatchObject({ uuid: rule.uuid, policyName: 'mine', isDefault: true });
    expect(again.vms.map((v) => v.name)).toEqual(['web-a', 'web-b', 'web-c']);
    expect(await defaultsOf(c)).toHaveLength(1);
  });

  it('names it in English for an English caller, and makes a new one once the default is deleted', async () => {
    const { c, token: as, vms: made } = await customerWithVms('api-a');
    const first = ok<SnapshotRule>(await protect(as, [made[0]!.uuid], 'en'));
    expect(first.policyName).toBe('Daily snapshots');
    ok(await t.request('DELETE', `/api/snapshot-rules/${first.uuid}`, { token: as }));
    const second = ok<SnapshotRule>(await protect(as, [made[0]!.uuid], 'en'));
    expect(second.uuid).not.toBe(first.uuid);
    expect(await defaultsOf(c)).toHaveLength(1);
  });

  it('in one transaction: a VM another rule protects refuses the whole click and leaves no rule behind', async () => {
    const { c, token: as, vms: made } = await customerWithVms('db-a', 'db-b');
    const [free, bound] = made as [Vm, Vm];
    const byHand = ok<SnapshotRule>(
      await t.request('POST', '/api/snapshot-rules', {
        token: as,
        body: {
          policyName: 'weekly',
          policyCycle: 2,
          weekday: 7,
          retainedQuantity: 4,
          vmUuids: [bound.uuid],
        },
      }),
    );
    // A rule made by hand is not the default one.
    expect(byHand.isDefault).toBe(false);
    const refused = await protect(as, [free.uuid, bound.uuid]);
    expect(body(refused).msg).toBe('A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE');
    expect(await defaultsOf(c)).toEqual([]);
    const [row] = await t.db.select({ rule: vms.snapshotRuleId }).from(vms).where(eq(vms.id, free.uuid));
    expect(row!.rule).toBeNull();
    // More VMs than a rule may hold are refused before anything is read.
    const tooMany = Array.from({ length: SNAPSHOT_RULE_MAX_VMS + 1 }, () => free.uuid);
    expect((await protect(as, tooMany)).statusCode).toBe(400);
    expect((await protect(as, [])).statusCode).toBe(400);
  });

  it('keeps tenants apart and needs the right to manage snapshots', async () => {
    const mine = await customerWithVms('own-a');
    const other = await customerWithVms('their-a');
    expect(body(await protect(other.token, [mine.vms[0]!.uuid])).msg).toBe('VM_NOT_FOUND');
    expect(await defaultsOf(other.c)).toEqual([]);
    ok(await protect(mine.token, [mine.vms[0]!.uuid]));
    const theirs = ok<SnapshotRule>(await protect(other.token, [other.vms[0]!.uuid]));
    expect(theirs.vms.map((v) => v.name)).toEqual(['their-a']);
    const viewer = await t.createIam(other.c.client, { roles: ['readOnly'] });
    const denied = await protect(await t.signIn(viewer, other.c.client), [other.vms[0]!.uuid]);
    expect(denied.statusCode).toBe(403);
  });
});

describe('the schedule (moved clock, Asia/Taipei)', () => {
  const scheduler = () =>
    createSnapshotScheduler({ db: t.db, clock: t.clock, operations: t.app.operations, log: t.app.log });
  const taken = async (vmId: string) =>
    t.db
      .select({ name: snapshots.name, status: snapshots.status, createdAt: snapshots.createdAt })
      .from(snapshots)
      .where(and(eq(snapshots.vmId, vmId), eq(snapshots.status, SnapshotStatus.COMPLETED)))
      .orderBy(snapshots.createdAt);
  const runAt = async (iso: string) => {
    t.clock.set(iso);
    await scheduler().runDue();
    await settled(t);
  };

  it('runs half-daily, daily and weekly rules on time, keeps the newest N, and a missed run once', async () => {
    t.clock.set(START);
    token = await t.signIn(tenant.root, tenant.client);
    const [half, daily, weekly] = [await vm('half-1'), await vm('daily-1'), await vm('weekly-1')];
    const rule = async (policyName: string, policyCycle: number, vmUuid: string, extra = {}) =>
      ok<SnapshotRule>(
        await createRule({ policyName, policyCycle, retainedQuantity: 2, vmUuids: [vmUuid], ...extra }),
      );
    await rule('half', 0, half.uuid, { retainedQuantity: 30 });
    const dailyRule = await rule('daily', 1, daily.uuid, { retainedQuantity: 30 });
    // Thursday.
    await rule('weekly', 2, weekly.uuid, { weekday: 4 });

    await runAt('2027-01-05T17:59:00Z'); // 01:59: nothing is due
    expect((await taken(half.uuid)).length + (await taken(daily.uuid)).length).toBe(0);

    await runAt('2027-01-05T18:00:30Z'); // Wednesday 02:00
    expect((await taken(half.uuid)).map((s) => s.name)).toEqual(['half-20270106-0200']);
    expect(await taken(daily.uuid)).toHaveLength(1);
    expect(await taken(weekly.uuid)).toHaveLength(0);

    await runAt('2027-01-06T06:00:30Z'); // Wednesday 14:00: only the half-daily rule
    expect(await taken(half.uuid)).toHaveLength(2);
    expect(await taken(daily.uuid)).toHaveLength(1);

    await runAt('2027-01-06T18:00:30Z'); // Thursday 02:00: all three
    expect(await taken(half.uuid)).toHaveLength(3);
    expect(await taken(daily.uuid)).toHaveLength(2);
    expect((await taken(weekly.uuid)).map((s) => s.name)).toEqual(['weekly-20270107-0200']);

    // Two more Thursdays: the weekly rule keeps its newest two, the oldest goes.
    await runAt('2027-01-13T18:00:30Z');
    await runAt('2027-01-20T18:00:30Z');
    expect((await taken(weekly.uuid)).map((s) => s.name)).toEqual([
      'weekly-20270114-0200',
      'weekly-20270121-0200',
    ]);

    // Down for five days: the daily rule runs once, then keeps its rhythm.
    const before = (await taken(daily.uuid)).length;
    await runAt('2027-01-26T03:00:00Z'); // Tuesday 11:00, five missed runs later
    expect(await taken(daily.uuid)).toHaveLength(before + 1);
    token = await t.signIn(tenant.root, tenant.client);
    expect((await getRule(dailyRule.uuid)).nextRunAt).toBe('2027-01-26T18:00:00.000Z');
    expect((await getRule(dailyRule.uuid)).lastRunAt).toBe('2027-01-26T03:00:00.000Z');
  });

  it('is looked at every minute by a job schedule that any instance may run', async () => {
    const { rows } = await t.database.sqlExecutor.executeSql(
      `SELECT cron FROM pgboss.schedule WHERE name = $1`,
      [SNAPSHOT_RULES_QUEUE],
    );
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });

  it('takes each snapshot once with two instances running the schedule together', async () => {
    t.clock.set('2027-02-01T17:00:00Z');
    token = await t.signIn(tenant.root, tenant.client);
    const pair = [await vm('pair-1'), await vm('pair-2')];
    await createRule({
      policyName: 'pair',
      policyCycle: 1,
      retainedQuantity: 5,
      vmUuids: pair.map((v) => v.uuid),
    });
    t.clock.set('2027-02-01T18:00:10Z');
    await Promise.all([scheduler().runDue(), scheduler().runDue(), scheduler().runDue()]);
    await settled(t);
    for (const v of pair) expect(await taken(v.uuid)).toHaveLength(1);
    const listed = ok<{ records: Snapshot[] }>(
      await t.request('GET', `/api/snapshots?vmUuid=${pair[0]!.uuid}`, { token }),
    );
    expect(listed.records[0]).toMatchObject({ policyName: 'pair', name: 'pair-20270202-0200' });
  });
});
