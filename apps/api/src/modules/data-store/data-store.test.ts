import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CcisContract, CcisTerm } from '@portal/shared';
import { auditLog, buckets, ccisTerms } from '../../db/schema/index.js';
import { body, build, type Tenant, type TestApp } from '../../../test/build.js';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());
// 12:00 in Taipei (the customers' default time zone) on a known day.
beforeEach(() => t.clock.set('2026-03-02T04:00:00Z'));

type Response = Awaited<ReturnType<TestApp['request']>>;
type Answer = CcisTerm & { replayed: boolean };
const msg = (r: Response) => body<{ msg: string }>(r).msg;

async function customer(): Promise<Tenant & { token: string }> {
  const tenant = await t.createTenant();
  return { ...tenant, token: await t.signIn(tenant.root, tenant.client) };
}

/** Move the clock (by ms or to a time) and sign the customer in again: sessions end when idle. */
async function later(c: Tenant & { token: string }, to: number | string) {
  if (typeof to === 'number') t.clock.advance(to);
  else t.clock.set(to);
  c.token = await t.signIn(c.root, c.client);
}

const buy = (
  token: string,
  purchase: { commitGb: number; months?: number; autoExtend?: boolean },
  key: string | null = randomUUID(),
) =>
  t.request('POST', '/api/data-store/purchases', {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
    body: { months: 12, autoExtend: false, ...purchase },
  });

const contract = async (token: string) => {
  const r = await t.request('GET', '/api/data-store/contract', { token });
  expect(r.statusCode, r.body).toBe(200);
  return body<{ data: CcisContract }>(r).data;
};
const history = async (token: string) => {
  const r = await t.request('GET', '/api/data-store/history?page=0&limit=10', { token });
  expect(r.statusCode, r.body).toBe(200);
  return body<{ data: { records: CcisTerm[]; total: number } }>(r).data;
};

describe('data-store contract: a first purchase', () => {
  it('starts without a contract; buys 1,000 GB for 12 months priced from the price list', async () => {
    const c = await customer();
    expect(await contract(c.token)).toMatchObject({
      today: '2026-03-02',
      current: null,
      pending: null,
      purchasedToday: false,
      usedBytes: 0,
    });
    const r = await buy(c.token, { commitGb: 1000, months: 12, autoExtend: true });
    expect(r.statusCode, r.body).toBe(201);
    const term = body<{ data: Answer }>(r).data;
    expect(term).toMatchObject({
      kind: 'new',
      months: 12,
      beginDate: '2026-03-02',
      expireDate: '2027-03-02',
      commitGb: 1000,
      autoExtend: true,
      // 1,000 GB × 0.55 a GB-month (0005_seed_public_content.sql).
      monthlyPrice: '550.0000',
      termPrice: '6600.0000',
      account: c.root.account,
      replayed: false,
    });
    expect(term.orderId).toMatch(/^DS20260302-[0-9A-F]{6}$/);
    expect(await contract(c.token)).toMatchObject({
      current: { orderId: term.orderId, commitGb: 1000, expireDate: '2027-03-02', autoExtend: true },
      purchasedToday: true,
    });
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.client.id), eq(auditLog.action, 'dataStore.purchase')));
    expect(record).toMatchObject({
      outcome: 'success',
      detail: expect.objectContaining({ orderId: term.orderId }),
    });
  });

  it('wants an Idempotency-Key header (MISS_PARAMETER) and buys nothing without one', async () => {
    const c = await customer();
    const r = await buy(c.token, { commitGb: 1000 }, null);
    expect(r.statusCode).toBe(400);
    expect(msg(r)).toBe('MISS_PARAMETER');
    expect((await history(c.token)).total).toBe(0);
  });

  it('refuses less than 1,000 GB, steps other than 100 GB and terms other than 12, 24, 36 months', async () => {
    const c = await customer();
    for (const commitGb of [900, 1050, 0]) {
      const r = await buy(c.token, { commitGb });
      expect(r.statusCode, String(commitGb)).toBe(400);
      expect(body(r).errors).toContainEqual({ path: 'commitGb', message: 'validation.ccisCommitGb' });
    }
    const odd = await buy(c.token, { commitGb: 1000, months: 13 });
    expect(body(odd).errors).toContainEqual({ path: 'months', message: 'validation.needBeOneOf' });
    const short = await buy(c.token, { commitGb: 1000, months: 6 });
    expect(body(short).errors).toContainEqual({ path: 'months', message: 'validation.needBeOneOf' });
    expect((await history(c.token)).total).toBe(0);
  });

  it('at most 20 TB per main account (CCIS_PURCHASE_FULL); exactly 20,000 GB is allowed', async () => {
    const c = await customer();
    expect(msg(await buy(c.token, { commitGb: 20_100 }))).toBe('CCIS_PURCHASE_FULL');
    expect((await buy(c.token, { commitGb: 20_000 })).statusCode).toBe(201);
  });
});

describe('data-store contract: one purchase a day, never twice', () => {
  it('a second purchase the same day is refused (CCIS_PURCHASE_TOO_OFTEN) and changes nothing', async () => {
    const c = await customer();
    expect((await buy(c.token, { commitGb: 1000 })).statusCode).toBe(201);
    const again = await buy(c.token, { commitGb: 2000, months: 24 });
    expect(again.statusCode).toBe(400);
    expect(msg(again)).toBe('CCIS_PURCHASE_TOO_OFTEN');
    expect((await history(c.token)).total).toBe(1);
    expect((await contract(c.token)).current?.commitGb).toBe(1000);
    // The failure is in the audit trail with its code.
    const records = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.client.id), eq(auditLog.outcome, 'failure')));
    expect(records.map((r) => r.detail.error)).toEqual(['CCIS_PURCHASE_TOO_OFTEN']);
    // The next day (in the customer's time zone) it may change again.
    await later(c, DAY);
    expect((await buy(c.token, { commitGb: 2000 })).statusCode).toBe(201);
  });

  it('a retry with the same key answers the first purchase and buys nothing more', async () => {
    const c = await customer();
    const key = randomUUID();
    const first = body<{ data: Answer }>(await buy(c.token, { commitGb: 1500 }, key)).data;
    const retry = await buy(c.token, { commitGb: 1500 }, key);
    expect(retry.statusCode).toBe(200);
    expect(body<{ data: Answer }>(retry).data).toEqual({ ...first, replayed: true });
    // Even the next day the key still names that purchase.
    await later(c, DAY);
    expect(body<{ data: Answer }>(await buy(c.token, { commitGb: 1500 }, key)).data.orderId).toBe(
      first.orderId,
    );
    expect((await history(c.token)).total).toBe(1);
    // The same key with another request is a mistake of the client's, not a purchase.
    const reused = await buy(c.token, { commitGb: 3000 }, key);
    expect(reused.statusCode).toBe(409);
    expect((await history(c.token)).total).toBe(1);
  });

  it('two purchases at once with different keys: one passes, the other is refused', async () => {
    const c = await customer();
    const answers = await Promise.all([
      buy(c.token, { commitGb: 1000 }),
      buy(c.token, { commitGb: 5000 }),
      buy(c.token, { commitGb: 20_000 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((r) => r.statusCode === 400).map(msg)).toEqual([
      'CCIS_PURCHASE_TOO_OFTEN',
      'CCIS_PURCHASE_TOO_OFTEN',
    ]);
    const rows = await t.db.select().from(ccisTerms).where(eq(ccisTerms.clientId, c.client.id));
    expect(rows).toHaveLength(1);
  });

  it('a double click (two at once with one key) buys once and both get its answer', async () => {
    const c = await customer();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      buy(c.token, { commitGb: 1000 }, key),
      buy(c.token, { commitGb: 1000 }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(body<{ data: Answer }>(a).data.orderId).toBe(body<{ data: Answer }>(b).data.orderId);
    expect((await history(c.token)).total).toBe(1);
  });
});

describe('data-store contract: adjusting', () => {
  it('an increase starts today, at least as long as the term (CCIS_PERIOD_MUST_BE_LONGER)', async () => {
    const c = await customer();
    await buy(c.token, { commitGb: 1000, months: 36 });
    await later(c, DAY);
    expect(msg(await buy(c.token, { commitGb: 2000, months: 24 }))).toBe('CCIS_PERIOD_MUST_BE_LONGER');
    const grown = await buy(c.token, { commitGb: 2000, months: 36 });
    expect(body<{ data: Answer }>(grown).data).toMatchObject({
      kind: 'increase',
      beginDate: '2026-03-03',
      expireDate: '2029-03-03',
    });
    expect((await contract(c.token)).current).toMatchObject({ commitGb: 2000, expireDate: '2029-03-03' });
    const h = await history(c.token);
    expect(h.records.map((r) => r.commitGb)).toEqual([2000, 1000]);
  });

  it('a new term must end after the current end (CCIS_NEW_END_MUST_AFTER_OLD_END)', async () => {
    const c = await customer();
    await buy(c.token, { commitGb: 1000, months: 12, autoExtend: true });
    // The day auto-extend renews it to 2028-03-02: twelve months from today end on that day too.
    await later(c, '2027-03-02T04:00:00Z');
    expect(msg(await buy(c.token, { commitGb: 2000, months: 12 }))).toBe('CCIS_NEW_END_MUST_AFTER_OLD_END');
    expect((await buy(c.token, { commitGb: 2000, months: 24 })).statusCode).toBe(201);
  });

  it('a reduction only in the last 30 days (CCIS_REDUCE_ON_LAST_MONTH), effective at expiry', async () => {
    const c = await customer();
    await buy(c.token, { commitGb: 3000, months: 12 });
    // 31 days before the end (2027-03-02): too early.
    await later(c, '2027-01-30T04:00:00Z');
    expect(msg(await buy(c.token, { commitGb: 1000 }))).toBe('CCIS_REDUCE_ON_LAST_MONTH');
    await later(c, '2027-01-31T04:00:00Z');
    const reduced = body<{ data: Answer }>(await buy(c.token, { commitGb: 1000, months: 12 })).data;
    expect(reduced).toMatchObject({ kind: 'reduce', beginDate: '2027-03-02', expireDate: '2028-03-02' });
    // Until expiry the commitment stays; the reduction waits.
    expect(await contract(c.token)).toMatchObject({
      current: { commitGb: 3000, expireDate: '2027-03-02' },
      pending: { commitGb: 1000, beginDate: '2027-03-02', orderId: reduced.orderId },
    });
    await later(c, '2027-03-02T04:00:00Z');
    expect(await contract(c.token)).toMatchObject({ current: { commitGb: 1000 }, pending: null });
  });

  it('auto-extend renews a term; switching it off keeps the renewal in progress', async () => {
    const c = await customer();
    // Nothing to extend before the first purchase.
    const none = await t.request('PATCH', '/api/data-store/contract', {
      token: c.token,
      body: { autoExtend: true },
    });
    expect([none.statusCode, body(none).msg]).toEqual([404, 'DB_HAS_NO_DATA']);
    await buy(c.token, { commitGb: 1000, months: 12, autoExtend: true });
    await later(c, '2027-04-01T04:00:00Z');
    expect((await contract(c.token)).current).toMatchObject({
      beginDate: '2027-03-02',
      expireDate: '2028-03-02',
      renewals: 1,
    });
    const off = await t.request('PATCH', '/api/data-store/contract', {
      token: c.token,
      body: { autoExtend: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(body<{ data: CcisContract }>(off).data.current).toMatchObject({
      expireDate: '2028-03-02',
      autoExtend: false,
    });
    await later(c, '2028-03-02T04:00:00Z');
    expect((await contract(c.token)).current).toBeNull();
  });
});

describe('data-store contract: use, rights and tenants', () => {
  it('reports the buckets use against the commitment and the excess in whole GB', async () => {
    const c = await customer();
    const bucket = (name: string, sizeBytes: number) =>
      t.db
        .insert(buckets)
        .values({ clientId: c.client.id, name, s3Name: `${name}-${randomUUID()}`, sizeBytes });
    await bucket('a', 600_000_000_000);
    await bucket('b', 500_000_000_001);
    expect(await contract(c.token)).toMatchObject({ usedBytes: 1_100_000_000_001, excessGb: 1101 });
    await buy(c.token, { commitGb: 1000 });
    expect(await contract(c.token)).toMatchObject({ excessGb: 101 });
  });

  it('IAM users with storage/ccis/manage may buy; view-only users may look but not buy', async () => {
    const c = await customer();
    const operator = await t.createIam(c.client, { roles: ['storageOperator'] });
    const viewer = await t.createIam(c.client, { roles: ['readOnly'] });
    const operatorToken = await t.signIn(operator, c.client);
    const viewerToken = await t.signIn(viewer, c.client);
    expect((await buy(viewerToken, { commitGb: 1000 })).statusCode).toBe(403);
    const bought = await buy(operatorToken, { commitGb: 1000 });
    expect(bought.statusCode).toBe(201);
    // The contract is the main account's: the root and the viewer see what the operator bought.
    expect((await contract(c.token)).current?.commitGb).toBe(1000);
    expect((await history(viewerToken)).records[0]?.account).toBe(operator.account);
  });

  it('another customer sees none of it, and its purchase day is its own', async () => {
    const a = await customer();
    const b = await customer();
    await buy(a.token, { commitGb: 1000 });
    expect(await contract(b.token)).toMatchObject({ current: null, purchasedToday: false });
    expect((await history(b.token)).total).toBe(0);
    expect((await buy(b.token, { commitGb: 1000 })).statusCode).toBe(201);
    const off = await t.request('PATCH', '/api/data-store/contract', {
      token: (await customer()).token,
      body: { autoExtend: true },
    });
    expect(off.statusCode).toBe(404);
  });
});
