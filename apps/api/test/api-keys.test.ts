import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiKey, ApiKeyCreated, Operation } from '@portal/shared';
import { auditLog, users } from '../src/db/schema/index.js';
import { seedDemoFleet } from '../src/modules/compute/demo-fleet.js';
import { body, build, ok, type SignedIn, type TestApp } from './build.js';
import { settled } from './operations.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let a: SignedIn;
let vms: { uuid: string; name: string; status: number }[];

beforeAll(async () => {
  t = await build({
    config: { simulatorTimeScale: 0, simulatorFailureRate: 0, apiKeyCallsPerMinute: 8 },
  });
  a = await t.signedInTenant();
  await seedDemoFleet(t.db, a.client.id);
  vms = ok(await t.request('GET', '/api/vms?limit=0', { token: a.token })) as never;
  vms = (vms as unknown as { records: typeof vms }).records;
}, 60_000);
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
const make = (token: string, over: Record<string, unknown> = {}) =>
  t.request('POST', '/api/api-keys', {
    token,
    body: { name: `k-${Math.random()}`.slice(0, 12), expiresAt: inDays(30), ...over },
  });
const key = async (token: string, over: Record<string, unknown> = {}) =>
  ok<ApiKeyCreated>(await make(token, over));
/** What a call with the key was told: the status, and the code of a refusal. */
const told = async (
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const response = await t.request(method, url, { token: secret, body: payload });
  return response.statusCode < 300
    ? `${response.statusCode}`
    : `${response.statusCode} ${body(response).msg}`;
};

describe('API keys', () => {
  it('are made with a secret shown once, listed by prefix, and act as their user', async () => {
    const made = await key(a.token, { name: 'deploy' });
    expect(made.secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.secret.slice(0, 12));
    expect(made.scope).toBeNull();
    const listed = ok<ApiKey[]>(await t.request('GET', '/api/api-keys', { token: a.token }));
    const mine = listed.find((k) => k.id === made.id)!;
    expect(mine).toMatchObject({ name: 'deploy', prefix: made.prefix, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.secret);

    expect(await told(made.secret, 'GET', '/api/vms')).toBe('200');
    const used = ok<ApiKey[]>(await t.request('GET', '/api/api-keys', { token: a.token })).find(
      (k) => k.id === made.id,
    )!;
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedIp).toBe('127.0.0.1');
  });

  it('never reach the account, IAM, key management or sign-in', async () => {
    const { secret } = await key(a.token);
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', '/api/iam/users'],
      ['GET', '/api/audit'],
      ['POST', '/api/users/logout'],
      ['PATCH', '/api/client/info'],
    ] as const) {
      expect(await told(secret, method, url, {}), `${method} ${url}`).toBe('403 API_KEY_NOT_ALLOWED');
    }
  });

  it('narrowed to seeing VMs, list them and are refused the rest', async () => {
    const { secret } = await key(a.token, { scope: [{ leaf: 'compute/vm', level: 'view' }] });
    expect(await told(secret, 'GET', '/api/vms')).toBe('200');
    expect(await told(secret, 'POST', `/api/vms/${vms[0]!.uuid}/stop`)).toBe('403 FORBIDDEN');
    expect(await told(secret, 'GET', '/api/disks')).toBe('403 FORBIDDEN');
  });

  it('shrink with their user’s roles, and stop with a lock, a revocation or their end', async () => {
    const iam = await t.createIam(a.client, { roles: ['computeOperator'] });
    const token = await t.signIn(iam, a.client);
    const { secret, id } = await key(token);
    expect(await told(secret, 'GET', '/api/disks')).toBe('200');
    await t.db
      .update(users)
      .set({ roles: ['networkOperator'] })
      .where(eq(users.id, iam.id));
    expect(await told(secret, 'GET', '/api/disks')).toBe('403 FORBIDDEN');
    expect(await told(secret, 'GET', '/api/vpcs')).toBe('200');
    await t.setLocked(iam, true);
    expect(await told(secret, 'GET', '/api/vpcs')).toBe('401 UNAUTHORIZED');
    await t.setLocked(iam, false);
    expect(await told(secret, 'GET', '/api/vpcs')).toBe('200');

    const token2 = await t.signIn(iam, a.client);
    ok(await t.request('DELETE', `/api/api-keys/${id}`, { token: token2 }));
    expect(await told(secret, 'GET', '/api/vpcs')).toBe('401 UNAUTHORIZED');

    const ending = await key(a.token, { expiresAt: inDays(1) });
    expect(await told(ending.secret, 'GET', '/api/vms')).toBe('200');
    t.clock.advance(DAY + 1000);
    expect(await told(ending.secret, 'GET', '/api/vms')).toBe('401 UNAUTHORIZED');
    // The root's session ended with the day too.
    a.token = await t.signIn(a.root, a.client);
  });

  it('are not another user’s to revoke', async () => {
    const other = await t.signedInTenant();
    const { id, secret } = await key(a.token);
    expect((await t.request('DELETE', `/api/api-keys/${id}`, { token: other.token })).statusCode).toBe(404);
    const iam = await t.createIam(a.client, { roles: ['administrator'] });
    const token = await t.signIn(iam, a.client);
    expect((await t.request('DELETE', `/api/api-keys/${id}`, { token })).statusCode).toBe(404);
    expect(await told(secret, 'GET', '/api/vms')).toBe('200');
  });

  it('refuse an end that is past or beyond a year, a scope beyond their user’s, and a name twice', async () => {
    const field = async (over: Record<string, unknown>) => {
      const response = await make(a.token, over);
      return `${response.statusCode} ${(body(response).errors ?? []).map((e) => `${e.path}:${e.message}`).join(' ')}`;
    };
    expect(await field({ expiresAt: inDays(-1) })).toBe('400 expiresAt:validation.apiKeyExpiry');
    expect(await field({ expiresAt: inDays(367) })).toBe('400 expiresAt:validation.apiKeyExpiry');
    expect((await make(a.token, { expiresAt: inDays(365) })).statusCode).toBe(200);
    const viewer = await t.createIam(a.client, { roles: ['networkOperator'] });
    const token = await t.signIn(viewer, a.client);
    expect(await field.call(null, { scope: [{ leaf: 'compute/vm', level: 'view' }] })).toMatch(/^200/);
    const beyond = await make(token, { scope: [{ leaf: 'compute/vm', level: 'manage' }] });
    expect(body(beyond).errors).toEqual([{ path: 'scope', message: 'validation.apiKeyScope' }]);
    await key(a.token, { name: 'twice' });
    expect(body(await make(a.token, { name: 'twice' })).msg).toBe('API_KEY_NAME_EXISTS');
  });

  it('are refused in an address, and logged by nobody', async () => {
    const { secret } = await key(a.token);
    for (const url of [
      `/api/vms?api_key=${secret}`,
      `/api/vms/${secret}`,
      `/api/vms?k=${secret.replace('_', '%5F')}`,
    ]) {
      const response = await t.request('GET', url, { token: a.token });
      expect(`${response.statusCode} ${body(response).msg}`, url).toBe('400 API_KEY_IN_URL');
    }
  });

  it('are limited per key a minute, with Retry-After', async () => {
    const { secret } = await key(a.token);
    const answers: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 10; i++) {
      const response = await t.request('GET', '/api/vms', { token: secret });
      answers.push(response.statusCode);
      retryAfter ??= response.headers['retry-after'] as string | undefined;
    }
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(8);
    expect(answers).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // Another key of the same user has its own minute.
    expect(await told((await key(a.token)).secret, 'GET', '/api/vms')).toBe('200');
  });

  it('change what their user may, recorded as the user via the key, and follow the operation', async () => {
    const { secret } = await key(a.token, { name: 'nightly' });
    const running = vms.find((v) => v.status === 1)!;
    const stop = await t.request('POST', `/api/vms/${running.uuid}/stop`, { token: secret });
    expect(stop.statusCode, stop.body).toBe(200);
    const opId = String(stop.headers['x-operation-id']);
    expect(opId).toMatch(/^[0-9a-f-]{36}$/);
    await settled(t);
    const op = ok<Operation>(await t.request('GET', `/api/operations/${opId}`, { token: secret }));
    expect(op).toMatchObject({
      kind: 'vm.stop',
      state: 'succeeded',
      resourceType: 'vms',
      resourceId: running.uuid,
    });
    const other = await t.signedInTenant();
    expect((await t.request('GET', `/api/operations/${opId}`, { token: other.token })).statusCode).toBe(404);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'vm.stop'));
    expect(record).toMatchObject({ account: a.root.account, viaKey: 'nightly', outcome: 'success' });
  });
});
