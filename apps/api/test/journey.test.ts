import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompanyId } from '@portal/shared';
import { DEMO, DEMO_NAMES, seedDemo } from '../src/seed/demo-seed.js';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { body, build, type TestApp } from './build.js';

/**
 * The demo tenant's day, end to end through the HTTP API. The harness puts it on PGlite, or on
 * PostgreSQL when TEST_DATABASE_URL is set, so this one file proves both engines.
 */
const PASSWORD = 'Demo-Portal-2026!';
const NEW_PASSWORD = 'Another-Demo-Pass-7?';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  const { hash } = createPasswordHasher('test');
  expect(await seedDemo(t.db, hash, PASSWORD)).toBe(true);
  expect(await seedDemo(t.db, hash, PASSWORD)).toBe(false);
});
afterAll(() => t.close());

const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

describe('the demo tenant, end to end', () => {
  it('is a real company by its tax ID', () => {
    expect(isCompanyId(DEMO.identityNumber)).toBe(true);
  });

  it('root: password, emailed code, console, password change, logout', async () => {
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
    const products = await t.request(
      'GET',
      '/api/productManagement/resourceTypeManagement/modifyResourceType',
    );
    expect(data<unknown[]>(products)).toHaveLength(9);

    const login = await t.login(
      { account: DEMO.rootEmail, password: PASSWORD },
      { headers: { 'x-log-code': '10001' } },
    );
    const challenge = data<{ twoFa: boolean; challenge: string; email: string }>(login);
    expect(challenge).toMatchObject({ twoFa: true, email: 'd***@example.com' });
    const code = await t.outbox.code(DEMO.rootEmail);
    const verified = await t.request('POST', '/api/auth/2fa/verify', {
      body: { challenge: challenge.challenge, tfa_code: code },
    });
    const { token } = data<{ token: string }>(verified);

    const info = data<Record<string, unknown>>(await t.request('GET', '/api/client/info', { token }));
    expect(info).toMatchObject({
      clientNumber: DEMO.clientNumber,
      companyName: DEMO_NAMES['zh-TW'].companyName,
      identityNumber: DEMO.identityNumber,
      account: DEMO.rootEmail,
      isRoot: true,
      twoFa: true,
    });
    const page = data<{ menu: unknown[]; authority: unknown }>(
      await t.request('GET', '/api/auth/page', { token }),
    );
    expect(page.authority).toBe(true);
    expect(page.menu.length).toBeGreaterThan(20);

    const changed = await t.request('PATCH', '/api/client/info', {
      token,
      body: { pass0: PASSWORD, pass1: NEW_PASSWORD, twoFa: false },
    });
    expect(data(changed)).toMatchObject({ twoFa: false });
    expect((await t.request('POST', '/api/users/logout', { token })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/client/info', { token })).statusCode).toBe(401);

    const again = await t.login({ account: DEMO.rootEmail, password: NEW_PASSWORD });
    expect(data<{ token: string }>(again).token).toBeTruthy();
  });

  it('viewer: IAM sign-in without two-factor, read-only console, own settings', async () => {
    const login = await t.login({ root: DEMO.clientNumber, iamAccount: DEMO.iamAccount, password: PASSWORD });
    const { token } = data<{ token: string }>(login);
    const info = data<Record<string, unknown>>(await t.request('GET', '/api/client/info', { token }));
    expect(info).toMatchObject({
      account: DEMO.iamAccount,
      email: DEMO.iamEmail,
      isRoot: false,
      twoFa: false,
    });
    const page = data<{ authority: Record<string, unknown> }>(
      await t.request('GET', '/api/auth/page', { token }),
    );
    expect(page.authority.compute).toEqual({
      vm: { view: true },
      disk: { view: true },
      snapshot: { view: true },
    });
    expect(page.authority.iam).toBeUndefined();
    const twoFaOn = await t.request('PATCH', '/api/client/info', { token, body: { twoFa: true } });
    expect(data(twoFaOn)).toMatchObject({ twoFa: true });
    expect(body(await t.request('PATCH', '/api/client/info', { token, body: { twoFa: 'yes' } })).msg).toBe(
      'FORMAT_ERROR',
    );
  });
});
