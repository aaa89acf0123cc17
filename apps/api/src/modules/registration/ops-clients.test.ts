import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsClient, StaffAuditRecord } from '@portal/shared';
import { body, build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';
import { clients } from '../../db/schema/index.js';

// Staff suspend a customer's service (spec section 9) and lift it: its users cannot sign in
// meanwhile, its open sessions end, and each change is in the staff trail.
let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await build();
  staffToken = await t.signInStaff(await t.createStaff());
});
afterAll(() => t.close());

/** Records of one millisecond tie; each call here happens a little later than the one before. */
const staffCall = (method: 'GET' | 'POST', url: string, payload?: unknown, token = staffToken) => {
  t.clock.advance(1);
  return t.request(method, url, { token, body: payload });
};
const suspend = (id: string, reason = 'Payment 5 days late') =>
  staffCall('POST', `/api/ops/clients/${id}/suspend`, { reason });
const resume = (id: string) => staffCall('POST', `/api/ops/clients/${id}/resume`);
const listed = async (query = '') =>
  body<{ data: { records: OpsClient[]; total: number } }>(await staffCall('GET', `/api/ops/clients${query}`))
    .data;

describe('GET /api/ops/clients', () => {
  it('lists customers newest first, a page at a time, by number or company name', async () => {
    // Both times from the test's clock: a tenant's row takes the database's, which runs on.
    const older = await t.createTenant();
    await t.db.update(clients).set({ createdAt: t.clock.now() }).where(eq(clients.id, older.client.id));
    t.clock.advance(1000);
    const newer = await t.createTenant();
    await t.db.update(clients).set({ createdAt: t.clock.now() }).where(eq(clients.id, newer.client.id));
    await t.db
      .update(clients)
      .set({ companyName: 'Zebra Suspension Tests Ltd.' })
      .where(eq(clients.id, older.client.id));
    const firstPage = await listed('?page=0&limit=1');
    expect(firstPage.records).toHaveLength(1);
    expect(firstPage.records[0]!.id).toBe(newer.client.id);
    expect(firstPage.total).toBeGreaterThanOrEqual(2);
    const byName = await listed('?search=zebra%20suspension');
    expect(byName.records.map((c) => c.id)).toEqual([older.client.id]);
    const byNumber = await listed(`?search=${newer.client.clientNumber.slice(2)}`);
    expect(byNumber.records.map((c) => c.id)).toEqual([newer.client.id]);
    expect(byNumber.records[0]).toMatchObject({
      clientNumber: newer.client.clientNumber,
      suspendedAt: null,
      suspendedReason: null,
    });
    // A wildcard typed is a character searched for, not a pattern.
    expect((await listed('?search=%25')).records).toEqual([]);
  });

  it('is for staff only: 401 without a session, 401 with a customer’s', async () => {
    const { client, root } = await t.createTenant();
    const customer = await t.signIn(root, client);
    expect((await t.request('GET', '/api/ops/clients')).statusCode).toBe(401);
    expect((await staffCall('GET', '/api/ops/clients', undefined, customer)).statusCode).toBe(401);
    const refused = await staffCall(
      'POST',
      `/api/ops/clients/${client.id}/suspend`,
      { reason: 'x' },
      customer,
    );
    expect(refused.statusCode).toBe(401);
    expect(
      (await staffCall('POST', `/api/ops/clients/${client.id}/resume`, undefined, customer)).statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.suspendedAt).toBeNull();
  });
});

describe('suspending a customer', () => {
  it('refuses its users’ sign-in after the right password only, ends its sessions, and resume undoes it', async () => {
    const { client, root } = await t.createTenant();
    const iam = await t.createIam(client);
    const other = await t.createTenant();
    const rootSession = await t.signIn(root, client);
    const iamSession = await t.signIn(iam, client);
    const otherSession = await t.signIn(other.root, other.client);

    const suspended = await suspend(client.id, 'Payment 4 days late');
    expect(suspended.statusCode).toBe(200);
    expect(body<{ data: OpsClient }>(suspended).data).toMatchObject({
      id: client.id,
      suspendedAt: t.clock.now().toISOString(),
      suspendedReason: 'Payment 4 days late',
    });

    // Open consoles get 401 at their next call; another customer's is untouched.
    expect((await t.request('GET', '/api/client/info', { token: rootSession })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/client/info', { token: iamSession })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/client/info', { token: otherSession })).statusCode).toBe(200);

    for (const user of [root, iam]) {
      const right = await t.login(t.loginBody(user, client, TEST_PASSWORD));
      expect([right.statusCode, body(right).msg]).toEqual([400, 'ACCOUNT_DISABLE']);
      const wrong = await t.login(t.loginBody(user, client, `${TEST_PASSWORD}x`));
      expect([wrong.statusCode, body(wrong).msg]).toEqual([400, 'LOGIN_ERROR']);
    }

    expect((await resume(client.id)).statusCode).toBe(200);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect([row!.suspendedAt, row!.suspendedReason]).toEqual([null, null]);
    const token = await t.signIn(iam, client);
    expect((await t.request('GET', '/api/client/info', { token })).statusCode).toBe(200);
    await t.signIn(root, client);
  });

  it('refuses the two-factor code of a customer suspended after its password, once the code is right', async () => {
    const { client, root } = await t.createTenant({ twoFa: true });
    const started = await t.login(t.loginBody(root, client, TEST_PASSWORD));
    const { challenge } = body<{ data: { challenge: string } }>(started).data;
    const code = await t.outbox.code(root.account);
    await suspend(client.id);
    const verify = (tfa_code: string) =>
      t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code } });
    const wrongCode = code === '000000' ? '000001' : '000000';
    expect(body(await verify(wrongCode)).msg).toBe('TWO_FA_CODE_ERROR');
    const refused = await verify(code);
    expect([refused.statusCode, body(refused).msg]).toEqual([400, 'ACCOUNT_DISABLE']);
    await resume(client.id);
    // The right code was not spent by the refusal.
    expect((await verify(code)).statusCode).toBe(200);
  });

  it('records suspend and resume in the staff trail, a refusal as a failure', async () => {
    const { client } = await t.createTenant();
    await suspend(client.id, 'Overdue invoice');
    await resume(client.id);
    expect(body(await suspend('00000000-0000-4000-8000-000000000000')).msg).toBe('CLIENT_NOT_FOUND');
    const trail = body<{ data: { records: StaffAuditRecord[] } }>(
      await staffCall('GET', '/api/ops/audit?limit=3'),
    ).data.records;
    expect(trail.map((r) => [r.action, r.outcome])).toEqual([
      ['client.suspend', 'failure'],
      ['client.resume', 'success'],
      ['client.suspend', 'success'],
    ]);
    expect(trail[2]!.detail).toMatchObject({
      clientId: client.id,
      clientNumber: client.clientNumber,
      reason: 'Overdue invoice',
    });
    expect(trail[0]!.detail).toMatchObject({ error: 'CLIENT_NOT_FOUND' });
  });

  it('requires a reason of at most 500 characters', async () => {
    const { client } = await t.createTenant();
    expect((await staffCall('POST', `/api/ops/clients/${client.id}/suspend`, {})).statusCode).toBe(400);
    expect((await suspend(client.id, '')).statusCode).toBe(400);
    expect((await suspend(client.id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await suspend(client.id, 'x'.repeat(500))).statusCode).toBe(200);
  });

  it('answers 20 suspends and resumes at once without a fault, and ends in one of the two states', async () => {
    const { client, root } = await t.createTenant();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? resume(client.id) : suspend(client.id))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.suspendedAt === null).toBe(row!.suspendedReason === null);
    await resume(client.id);
    await t.signIn(root, client);
  });
});
