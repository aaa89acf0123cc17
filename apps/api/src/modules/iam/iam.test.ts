import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IamUser } from '@portal/shared';
import { body, build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';
import { auditLog, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Another-Passw0rd-77!';
const data = <T>(response: Parameters<typeof body>[0]) => body<{ data: T }>(response).data;

async function rootSession() {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  return { ...tenant, token };
}

const audits = (clientId: string) => t.db.select().from(auditLog).where(eq(auditLog.clientId, clientId));

describe('IAM users', () => {
  it('root creates, lists, reads, edits, locks, unlocks, sets a password and deletes a user', async () => {
    const { client, token } = await rootSession();
    const created = await t.request('POST', '/api/iam/users', {
      token,
      body: {
        account: 'ops.team_1',
        password: TEST_PASSWORD,
        roles: ['computeOperator'],
        email: 'ops@example.com',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = data<IamUser>(created);
    expect(user).toMatchObject({
      account: 'ops.team_1',
      roles: ['computeOperator'],
      isLock: false,
      enableTwoFactor: false,
    });
    expect(user.lastSetPasswordDate).not.toBeNull();
    expect(created.body).not.toContain('password');

    const list = data<{ records: IamUser[]; total: number }>(
      await t.request('GET', '/api/iam/users?page=0&limit=10&sort=account&orderby=asc', { token }),
    );
    expect(list.total).toBe(1);
    expect(list.records.map((u) => u.account)).toEqual(['ops.team_1']);

    const patched = await t.request('PATCH', `/api/iam/users/${user.id}`, {
      token,
      body: { roles: ['networkOperator', 'readOnly'], enableTwoFactor: true },
    });
    expect(data<IamUser>(patched)).toMatchObject({
      roles: ['networkOperator', 'readOnly'],
      enableTwoFactor: true,
    });

    expect(data<IamUser>(await t.request('POST', `/api/iam/users/${user.id}/lock`, { token })).isLock).toBe(
      true,
    );
    expect(data<IamUser>(await t.request('POST', `/api/iam/users/${user.id}/unlock`, { token })).isLock).toBe(
      false,
    );

    const wrong = await t.request('POST', `/api/iam/users/${user.id}/password`, {
      token,
      body: { password: NEW_PASSWORD, currentPassword: 'not-my-password' },
    });
    expect(body(wrong).msg).toBe('INCORRECT_PASSWORD');
    const set = await t.request('POST', `/api/iam/users/${user.id}/password`, {
      token,
      body: { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    // The new password is accepted (two-factor is on, so the answer is a challenge).
    expect(data<{ twoFa: boolean }>(await t.login(t.loginBody(row!, client, NEW_PASSWORD))).twoFa).toBe(true);

    const noConfirm = await t.request('DELETE', `/api/iam/users/${user.id}`, { token, body: {} });
    expect(noConfirm.statusCode).toBe(400);
    const removed = await t.request('DELETE', `/api/iam/users/${user.id}`, {
      token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.request('GET', `/api/iam/users/${user.id}`, { token })).statusCode).toBe(404);

    const trail = await audits(client.id);
    const actions = trail.filter((r) => r.outcome === 'success').map((r) => r.action);
    for (const action of [
      'iam.user.create',
      'iam.user.update',
      'iam.user.lock',
      'iam.user.unlock',
      'iam.user.password',
      'iam.user.delete',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(trail.find((r) => r.action === 'iam.user.delete')?.detail).toMatchObject({
      targetAccount: 'ops.team_1',
    });
    expect(trail.some((r) => r.action === 'iam.user.password' && r.outcome === 'failure')).toBe(true);
    // No secret lands in the log, whatever the route.
    expect(JSON.stringify(trail)).not.toMatch(/Passw0rd|not-my-password|currentPassword|"password"/);
  });

  it('account rules: ACCOUNT_EXISTS (any case), format, NOT_HAVE_EMAIL, a common password', async () => {
    const { client, token } = await rootSession();
    await t.createIam(client, { account: 'viewer' });
    const create = (extra: Record<string, unknown>) =>
      t.request('POST', '/api/iam/users', {
        token,
        body: { account: 'someone', password: TEST_PASSWORD, roles: ['readOnly'], ...extra },
      });
    expect(body(await create({ account: 'VIEWER' })).msg).toBe('ACCOUNT_EXISTS');
    const bad = await create({ account: 'bad-name!' });
    expect(body(bad).msg).toBe('ACCOUNT_FORMAT_ERROR');
    expect(body(bad).errors?.[0]).toMatchObject({ path: 'account', message: 'validation.needBeIamAccount' });
    expect(body(await create({ enableTwoFactor: true, email: '' })).msg).toBe('NOT_HAVE_EMAIL');
    expect(body(await create({ roles: [] })).msg).toBe('FIELD_MUST_FILL_IN');
    expect(body(await create({ roles: ['superuser'] })).msg).toBe('ACCOUNT_ROLE_NOT_EXIST');
    // Failures change nothing.
    const list = data<{ total: number }>(await t.request('GET', '/api/iam/users', { token }));
    expect(list.total).toBe(1);
  });

  it('a lock ends the open sessions on their next request; the locked user is told ACCOUNT_IS_LOCK', async () => {
    const { client, token } = await rootSession();
    const iam = await t.createIam(client, { roles: ['computeOperator'] });
    const session = await t.signIn(iam, client);
    expect((await t.request('GET', '/api/auth/page', { token: session })).statusCode).toBe(200);
    await t.request('POST', `/api/iam/users/${iam.id}/lock`, { token });
    expect((await t.request('GET', '/api/auth/page', { token: session })).statusCode).toBe(401);
    expect(body(await t.login(t.loginBody(iam, client))).msg).toBe('ACCOUNT_IS_LOCK');
    // A failed sign-in is written by a job, a moment after the answer.
    await t.settled();
    const failed = (await audits(client.id)).find((r) => r.action === 'auth.loginFailed');
    expect(failed).toMatchObject({
      userId: iam.id,
      outcome: 'failure',
      detail: { reason: 'ACCOUNT_IS_LOCK' },
    });
  });

  it('a role change applies on the next request, menu included', async () => {
    const { client, token } = await rootSession();
    const iam = await t.createIam(client, { roles: ['billingViewer'] });
    const session = await t.signIn(iam, client);
    const vmMenu = async () =>
      data<{ menu: { link: string }[] }>(
        await t.request('GET', '/api/auth/page', { token: session }),
      ).menu.some((m) => m.link === '/vmSetting');
    expect(await vmMenu()).toBe(false);
    await t.request('PATCH', `/api/iam/users/${iam.id}`, { token, body: { roles: ['computeOperator'] } });
    expect(await vmMenu()).toBe(true);
  });

  it("another tenant's IAM user is a 404 for every call, and the root user is not an IAM user", async () => {
    const mine = await rootSession();
    const theirs = await t.createTenant();
    const other = await t.createIam(theirs.client);
    const token = mine.token;
    for (const [method, url, payload] of [
      ['GET', `/api/iam/users/${other.id}`, undefined],
      ['PATCH', `/api/iam/users/${other.id}`, { roles: ['readOnly'] }],
      ['POST', `/api/iam/users/${other.id}/lock`, undefined],
      ['POST', `/api/iam/users/${other.id}/unlock`, undefined],
      [
        'POST',
        `/api/iam/users/${other.id}/password`,
        { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
      ],
      ['DELETE', `/api/iam/users/${other.id}`, { currentPassword: TEST_PASSWORD }],
      ['GET', `/api/iam/users/${theirs.root.id}`, undefined],
      ['POST', `/api/iam/users/${mine.root.id}/lock`, undefined],
      ['DELETE', `/api/iam/users/${mine.root.id}`, { currentPassword: TEST_PASSWORD }],
      ['GET', '/api/iam/users/not-a-uuid', undefined],
    ] as const) {
      const response = await t.request(method, url, { token, body: payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched?.isLocked).toBe(false);
    const list = data<{ records: IamUser[] }>(await t.request('GET', '/api/iam/users', { token }));
    expect(list.records).toEqual([]);
  });

  it('a user manager cannot raise its own roles, hand out roles beyond its authority, or touch stronger users', async () => {
    const { client } = await rootSession();
    const manager = await t.createIam(client, { roles: ['userManager'] });
    const admin = await t.createIam(client, { roles: ['administrator'] });
    const peer = await t.createIam(client, { roles: ['userManager'] });
    const token = await t.signIn(manager, client);
    const refused = async (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      expect(body(await t.request(method, url, { token, body: payload })).msg, `${method} ${url}`).toBe(
        'USER_DOES_NOT_HAVE_PERMISSION',
      );
    await refused('PATCH', `/api/iam/users/${manager.id}`, { roles: ['userManager', 'administrator'] });
    await refused('POST', '/api/iam/users', {
      account: 'boss',
      password: TEST_PASSWORD,
      roles: ['administrator'],
    });
    await refused('PATCH', `/api/iam/users/${peer.id}`, { roles: ['administrator'] });
    await refused('POST', `/api/iam/users/${admin.id}/lock`);
    await refused('POST', `/api/iam/users/${admin.id}/password`, {
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    await refused('DELETE', `/api/iam/users/${admin.id}`, { currentPassword: TEST_PASSWORD });
    await refused('POST', `/api/iam/users/${manager.id}/lock`);
    // Within its authority it may act.
    const ok = await t.request('POST', `/api/iam/users/${peer.id}/lock`, { token });
    expect(ok.statusCode).toBe(200);
    const roles = data<{ id: string; grantable: boolean }[]>(
      await t.request('GET', '/api/iam/roles', { token }),
    );
    expect(roles.filter((r) => r.grantable).map((r) => r.id)).toEqual(['userManager']);
  });

  it('lists page and sort on the server', async () => {
    const { client, token } = await rootSession();
    for (const name of ['delta', 'alpha', 'charlie', 'bravo']) await t.createIam(client, { account: name });
    const get = async (q: string) =>
      data<{ records: IamUser[]; total: number }>(await t.request('GET', `/api/iam/users?${q}`, { token }));
    expect((await get('sort=account&orderby=asc&limit=2&page=1')).records.map((u) => u.account)).toEqual([
      'charlie',
      'delta',
    ]);
    expect((await get('sort=account&orderby=desc&limit=1')).records.map((u) => u.account)).toEqual(['delta']);
    expect((await get('search=ALP')).records.map((u) => u.account)).toEqual(['alpha']);
    expect((await get('search=%25')).total).toBe(0);
    expect((await get('limit=0')).total).toBe(4);
    expect((await t.request('GET', '/api/iam/users?sort=password', { token })).statusCode).toBe(400);
  });
});
