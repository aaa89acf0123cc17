import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-42!';
const get = (token: string) => t.request('GET', '/api/client/info', { token });
const patch = (token: string, payload: unknown) =>
  t.request('PATCH', '/api/client/info', { token, body: payload });

describe('GET /api/client/info', () => {
  it('answers the caller and its client', async () => {
    const { client, root } = await t.createTenant();
    const response = await get(await t.signIn(root, client));
    expect(body(response).data).toEqual({
      id: root.id,
      account: root.account,
      identityNumber: client.identityNumber,
      companyName: client.companyName,
      clientNumber: client.clientNumber,
      email: root.account,
      twoFa: false,
      isRoot: true,
      contactName: client.contactName,
      contactTel: client.contactTel,
      contactMobile: client.contactMobile,
    });
    expect(response.body).not.toContain('password');
  });

  it('answers an IAM user without an address an empty email', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { email: null });
    expect(body(await get(await t.signIn(iam, client))).data).toMatchObject({ email: '', isRoot: false });
  });
});

describe('PATCH /api/client/info', () => {
  it('changes the password with the right original, and ends every other session', async () => {
    const { client, root } = await t.createTenant();
    const other = await t.signIn(root, client);
    const token = await t.signIn(root, client);
    const response = await patch(token, { pass0: TEST_PASSWORD, pass1: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(other)).statusCode).toBe(401);
    expect(body(await t.login(t.loginBody(root, client))).msg).toBe('LOGIN_ERROR');
    expect((await t.login(t.loginBody(root, client, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('refuses a wrong original with INCORRECT_PASSWORD and changes nothing', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const response = await patch(token, { pass0: 'Not-The-Passw0rd!', pass1: NEW_PASSWORD, twoFa: true });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ msg: 'INCORRECT_PASSWORD' });
    expect(body(await get(token)).data).toMatchObject({ twoFa: false });
    expect((await t.login(t.loginBody(root, client))).statusCode).toBe(200);
  });

  it('counts wrong originals, so a stolen session cannot guess the password', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    for (let i = 0; i < 5; i++) await patch(token, { pass0: `Not-The-Passw0rd-${i}`, pass1: NEW_PASSWORD });
    const locked = await patch(token, { pass0: TEST_PASSWORD, pass1: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).msg).toBe('TRY_AGAIN_LATER');
  });

  it('refuses a new password against the rule with FORMAT_ERROR and the rule key', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const response = await patch(token, { pass0: TEST_PASSWORD, pass1: 'short' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'pass1', message: 'validation.needBePassword' }],
    });
  });

  it('refuses a common password that meets the rule with PASSWORD_AGAINST_RULES', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const response = await patch(token, { pass0: TEST_PASSWORD, pass1: 'P@ssw0rd1234' });
    expect(body(response)).toEqual({ msg: 'PASSWORD_AGAINST_RULES' });
  });

  it('needs the original and the new password together', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const response = await patch(token, { pass1: NEW_PASSWORD });
    expect(body(response)).toEqual({
      msg: 'FIELD_MUST_FILL_IN',
      errors: [{ path: 'pass0', message: 'validation.notEmpty' }],
    });
  });

  it('turns two-factor on and off; the next sign-in asks for a code', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    expect(body(await patch(token, { twoFa: true })).data).toMatchObject({ twoFa: true });
    expect(body(await t.login(t.loginBody(root, client))).data).toMatchObject({ twoFa: true });
    expect(body(await patch(token, { twoFa: false })).data).toMatchObject({ twoFa: false });
  });

  it('refuses two-factor for an IAM user with no address: NOT_HAVE_EMAIL', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { email: null });
    const token = await t.signIn(iam, client);
    expect(body(await patch(token, { twoFa: true }))).toEqual({ msg: 'NOT_HAVE_EMAIL' });
    // Giving the address in the same call is enough.
    const both = await patch(token, { twoFa: true, email: 'iam.mail@example.com' });
    expect(body(both).data).toMatchObject({ twoFa: true, email: 'iam.mail@example.com' });
  });

  it("changes an IAM user's address but never a root user's", async () => {
    const { client, root } = await t.createTenant();
    const iam = await t.createIam(client);
    const iamToken = await t.signIn(iam, client);
    expect(body(await patch(iamToken, { email: 'moved@example.com' })).data).toMatchObject({
      email: 'moved@example.com',
    });
    const rootToken = await t.signIn(root, client);
    expect(body(await patch(rootToken, { email: 'moved@example.com' })).data).toMatchObject({
      email: root.account,
    });
    expect(body(await patch(rootToken, { email: 'nope' })).errors).toEqual([
      { path: 'email', message: 'validation.needBeFormat.Email' },
    ]);
  });

  it('checks authority before the body: a caller without it gets 403, not 400', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { roles: [] });
    const token = await t.signIn(iam, client);
    const response = await patch(token, { pass0: 1, twoFa: 'maybe' });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ msg: 'FORBIDDEN' });
    const noSession = await t.request('PATCH', '/api/client/info', { body: { twoFa: 'maybe' } });
    expect(noSession.statusCode).toBe(401);
  });

  it('lets a read-only IAM user change its own settings', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { roles: ['readOnly'] });
    const token = await t.signIn(iam, client);
    expect((await patch(token, { pass0: TEST_PASSWORD, pass1: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
