import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginBody } from '@portal/shared';
import { body, build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';
import { auditLog } from '../../db/schema/index.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { createPasswordHasher } from '../../platform/passwords.js';
import { createSessionStore } from '../../platform/sessions.js';
import { createLoginThrottle } from '../../platform/throttle/login-throttle.js';
import { createMemoryThrottleStore } from '../../platform/throttle/memory-store.js';
import { createAuthService } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

let lastOctet = 0;
/** Each test that fails sign-ins on purpose does so from its own address, clear of the others. */
const freshIp = () => `10.0.0.${++lastOctet}`;

describe('POST /api/auth/login', () => {
  it('signs a root user in by email and answers a token that opens the API', async () => {
    const { client, root } = await t.createTenant();
    const response = await t.login({ account: root.account.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { token } = body<{ data: { token: string } }>(response).data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.request('GET', '/api/client/info', { token });
    expect(body(info).data).toMatchObject({ clientNumber: client.clientNumber, isRoot: true });
  });

  it('signs an IAM user in by client number and alias', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { account: 'Ops.Team_1' });
    const response = await t.login({
      root: client.clientNumber,
      iamAccount: 'ops.team_1',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const token = body<{ data: { token: string } }>(response).data.token;
    const info = await t.request('GET', '/api/client/info', { token });
    expect(body(info).data).toMatchObject({ id: iam.id, account: 'Ops.Team_1', isRoot: false });
  });

  it('records the time of the sign-in', async () => {
    const { client, root } = await t.createTenant();
    expect(root.lastLoginAt).toBeNull();
    await t.signIn(root, client);
    const user = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, root.id) });
    expect(user?.lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('answers LOGIN_ERROR alike for an unknown account and a wrong password', async () => {
    const ip = freshIp();
    const { client, root } = await t.createTenant();
    const iam = await t.createIam(client);
    const answers = await Promise.all([
      t.login({ account: 'nobody@example.com', password: TEST_PASSWORD }, { ip }),
      t.login({ account: root.account, password: 'Wrong-Passw0rd!' }, { ip }),
      t.login({ root: client.clientNumber, iamAccount: 'nobody', password: TEST_PASSWORD }, { ip }),
      t.login({ root: '99999999999', iamAccount: iam.account, password: TEST_PASSWORD }, { ip }),
      t.login({ root: client.clientNumber, iamAccount: iam.account, password: 'Wrong-Passw0rd!' }, { ip }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe('{"msg":"LOGIN_ERROR"}');
    }
  });

  it('does not sign an IAM user in through the root form, even with an address-like alias', async () => {
    const ip = freshIp();
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { account: 'ops@example.com' });
    const asRoot = await t.login({ account: iam.account, password: TEST_PASSWORD }, { ip });
    expect(body(asRoot).msg).toBe('LOGIN_ERROR');
  });

  it('tells a locked IAM user ACCOUNT_IS_LOCK only after the right password', async () => {
    const ip = freshIp();
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { locked: true });
    const wrong = await t.login(
      { root: client.clientNumber, iamAccount: iam.account, password: 'Wrong-Passw0rd!' },
      { ip },
    );
    expect(body(wrong).msg).toBe('LOGIN_ERROR');
    const right = await t.login(t.loginBody(iam, client), { ip });
    expect(right.statusCode).toBe(400);
    expect(body(right).msg).toBe('ACCOUNT_IS_LOCK');
  });

  it('locks an account name for 15 minutes after 5 wrong passwords, with Retry-After', async () => {
    const ip = freshIp();
    const { client, root } = await t.createTenant();
    for (let i = 0; i < 5; i++) {
      expect(
        body(await t.login({ account: root.account, password: `Wrong-Passw0rd-${i}` }, { ip })).msg,
      ).toBe('LOGIN_ERROR');
    }
    // Even the right password waits, and so does the same account from another address.
    for (const from of [ip, freshIp()]) {
      const locked = await t.login(t.loginBody(root, client), { ip: from });
      expect(locked.statusCode).toBe(429);
      expect(body(locked).msg).toBe('TRY_AGAIN_LATER');
      expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    }
    t.clock.advance(10 * 60 * 1000);
    expect(Number((await t.login(t.loginBody(root, client), { ip })).headers['retry-after'])).toBe(5 * 60);
    t.clock.advance(5 * 60 * 1000);
    expect((await t.login(t.loginBody(root, client), { ip })).statusCode).toBe(200);
  });

  it('locks an unknown account name just like a real one, so the lock does not reveal which exist', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await t.login({ account: 'ghost@example.com', password: TEST_PASSWORD }, { ip });
    const answer = await t.login({ account: 'ghost@example.com', password: TEST_PASSWORD }, { ip });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('900');
  });

  it('a right password clears the count of wrong ones', async () => {
    const ip = freshIp();
    const { client, root } = await t.createTenant();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        await t.login({ account: root.account, password: 'Wrong-Passw0rd!' }, { ip });
      expect((await t.login(t.loginBody(root, client), { ip })).statusCode).toBe(200);
    }
  });

  it('locks an address after 20 wrong sign-ins across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const answer = await t.login({ account: `spray-${i}@example.com`, password: TEST_PASSWORD }, { ip });
      expect(answer.statusCode).toBe(400);
    }
    const { client, root } = await t.createTenant();
    const blocked = await t.login(t.loginBody(root, client), { ip });
    expect(blocked.statusCode).toBe(429);
    expect((await t.login(t.loginBody(root, client), { ip: freshIp() })).statusCode).toBe(200);
  });

  it('answers FORMAT_ERROR with the field problems of the form the caller meant', async () => {
    const iamForm = await t.login({ root: '123', iamAccount: 'a b', password: '' } as never);
    expect(iamForm.statusCode).toBe(400);
    expect(body(iamForm)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [
        { path: 'root', message: 'validation.needBeClientNumber' },
        { path: 'iamAccount', message: 'validation.needBeIamAccount' },
        { path: 'password', message: 'validation.notEmpty' },
      ],
    });
    const rootForm = await t.login({ account: 'not-an-email', password: 'x' } as never);
    expect(body(rootForm).errors).toEqual([{ path: 'account', message: 'validation.needBeFormat.Email' }]);
  });

  it('refuses a body that is not JSON with FORMAT_ERROR, and other media types with 415', async () => {
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });
    const broken = await send('application/json', '{"account":');
    expect(broken.statusCode).toBe(400);
    expect(body(broken).msg).toBe('FORMAT_ERROR');
    const text = await send('text/plain', '{"account":"a@example.com","password":"x"}');
    expect(text.statusCode).toBe(415);
    expect(body(text).msg).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('a wrong sign-in', () => {
  /** The service on the test database, its jobs recorded rather than run. */
  function service(sent: string[]) {
    const jobs = {
      async send(queue: string, data: object) {
        sent.push(`${queue} ${Object.keys(data).sort().join(',')}`);
        return 'job-id';
      },
    } as unknown as Jobs;
    return createAuthService({
      db: t.db,
      clock: t.clock,
      passwords: createPasswordHasher('test'),
      sessions: createSessionStore(t.db, t.clock),
      throttle: createLoginThrottle(createMemoryThrottleStore(t.clock)),
      twoFa: undefined as never,
      jobs,
    });
  }

  /** What one refused sign-in did: the jobs it queued and the audit records it wrote itself. */
  async function refusal(login: LoginBody) {
    const sent: string[] = [];
    const before = (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
    await expect(service(sent).login(login, { ip: freshIp() }, 'en')).rejects.toThrow('LOGIN_ERROR');
    const written = (await t.db.select({ id: auditLog.id }).from(auditLog)).length - before;
    return { sent, written };
  }

  it('does the same work whether or not the account or the client number exists', async () => {
    const { client, root } = await t.createTenant();
    const iam = await t.createIam(client, { account: 'known' });
    const password = 'Wrong-Passw0rd-12!';
    const cases = [
      await refusal({ account: root.account, password }),
      await refusal({ account: 'nobody-here@example.com', password }),
      await refusal({ root: client.clientNumber, iamAccount: iam.account, password }),
      await refusal({ root: client.clientNumber, iamAccount: 'nobody', password }),
      await refusal({ root: '99999999999', iamAccount: 'nobody', password }),
    ];
    for (const c of cases)
      expect(c).toEqual({ sent: ['auth.loginFailed at,ip,login,reason,userId'], written: 0 });
  });

  it('is in the audit log of the client concerned once its job has run, without the password', async () => {
    const { client, root } = await t.createTenant();
    await t.login({ account: root.account, password: 'Wrong-Passw0rd-13!' }, { ip: freshIp() });
    await t.login(
      { root: client.clientNumber, iamAccount: 'ghost', password: 'Wrong-Passw0rd-13!' },
      { ip: freshIp() },
    );
    await t.settled();
    const rows = await t.db
      .select({
        account: auditLog.account,
        action: auditLog.action,
        detail: auditLog.detail,
        at: auditLog.at,
      })
      .from(auditLog)
      .where(eq(auditLog.clientId, client.id));
    expect(rows.map((r) => [r.account, r.action, r.detail])).toEqual(
      expect.arrayContaining([
        [root.account, 'auth.loginFailed', { reason: 'LOGIN_ERROR' }],
        ['ghost', 'auth.loginFailed', { reason: 'LOGIN_ERROR' }],
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain('Wrong-Passw0rd');
  });
});
