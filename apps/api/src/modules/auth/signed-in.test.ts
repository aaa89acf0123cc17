import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAuthority, MENU_DEFINITION, type MenuEntry } from '@portal/shared';
import { body, build, type TestApp } from '../../../test/build.js';
import { users } from '../../db/schema/index.js';

/** What a session is and what it opens: the token check, logout, lock, idle end and the auth page. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const info = (token?: string) => t.request('GET', '/api/client/info', { token });

describe('sessions', () => {
  it('401 UNAUTHORIZED without a token, with a made-up one, or with a malformed header', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer made-up-token' },
      { authorization: 'Basic abc' },
    ] as Record<string, string>[]) {
      const response = await t.request('GET', '/api/client/info', { headers });
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ msg: 'UNAUTHORIZED' });
    }
  });

  it('logout ends the session and only that one', async () => {
    const { client, root } = await t.createTenant();
    const kept = await t.signIn(root, client);
    const ended = await t.signIn(root, client);
    const logout = await t.request('POST', '/api/users/logout', {
      token: ended,
      headers: { 'x-log-code': '10008' },
    });
    expect(logout.statusCode).toBe(200);
    expect(body(logout)).toEqual({ data: { ok: true } });
    expect((await info(ended)).statusCode).toBe(401);
    expect((await t.request('POST', '/api/users/logout', { token: ended })).statusCode).toBe(401);
    expect((await info(kept)).statusCode).toBe(200);
  });

  it('logout accepts the empty JSON body browsers send', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('a lock applies on the next request and ends every session of the user for good', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client);
    const [a, b] = [await t.signIn(iam, client), await t.signIn(iam, client)];
    expect((await info(a)).statusCode).toBe(200);
    await t.setLocked(iam, true);
    expect((await info(a)).statusCode).toBe(401);
    await t.setLocked(iam, false);
    expect((await info(a)).statusCode).toBe(401);
    expect((await info(b)).statusCode).toBe(401);
    expect((await info(await t.signIn(iam, client))).statusCode).toBe(200);
  });

  it('a role change applies on the next request', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { roles: [] });
    const token = await t.signIn(iam, client);
    const patch = () => t.request('PATCH', '/api/client/info', { token, body: { twoFa: false } });
    expect((await patch()).statusCode).toBe(403);
    await t.db
      .update(users)
      .set({ roles: ['readOnly'] })
      .where(eq(users.id, iam.id));
    expect((await patch()).statusCode).toBe(200);
  });

  it('ends after 12 idle hours, and each request pushes the end back', async () => {
    const { client, root } = await t.createTenant();
    const busy = await t.signIn(root, client);
    const idle = await t.signIn(root, client);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(11 * HOUR);
      expect((await info(busy)).statusCode).toBe(200);
    }
    expect((await info(idle)).statusCode).toBe(401);
    t.clock.advance(12 * HOUR);
    expect((await info(busy)).statusCode).toBe(401);
  });
});

interface Page {
  menu: MenuEntry[];
  authority: unknown;
}

const page = async (token: string) => {
  const response = await t.request('GET', '/api/auth/page', { token });
  expect(response.statusCode).toBe(200);
  return body<{ data: Page }>(response).data;
};

const links = (menu: MenuEntry[]) => menu.map((m) => m.link).filter(Boolean);

describe('GET /api/auth/page', () => {
  it('gives the root user the whole menu and the authority `true`', async () => {
    const { client, root } = await t.createTenant();
    const { menu, authority } = await page(await t.signIn(root, client));
    expect(authority).toBe(true);
    expect(menu).toEqual(MENU_DEFINITION.map((m) => m.entry));
  });

  it('gives a read-only IAM user a view-only tree and a menu without IAM management', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { roles: ['readOnly'] });
    const { menu, authority } = await page(await t.signIn(iam, client));
    const tree = authority as Parameters<typeof hasAuthority>[0];
    expect(hasAuthority(tree, 'compute/vm')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(tree, 'myAccount/myInfo/manage')).toBe(true);
    expect(hasAuthority(tree, 'iam/user')).toBe(false);
    expect(links(menu)).toContain('/vmSetting');
    expect(links(menu)).not.toContain('/iam');
    // Every group listed has a child listed, and every child's group is listed.
    const ids = new Set(menu.map((m) => m.id));
    for (const entry of menu) if (entry.parentId !== 0) expect(ids.has(entry.parentId)).toBe(true);
    for (const group of menu.filter((m) => m.link === '')) {
      expect(menu.some((m) => m.parentId === group.id)).toBe(true);
    }
  });

  it('gives an IAM user with no roles only the entries open to anyone signed in', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { roles: [] });
    const { menu, authority } = await page(await t.signIn(iam, client));
    expect(authority).toEqual({});
    expect(links(menu)).toEqual(
      MENU_DEFINITION.filter((m) => m.entry.link && !m.authority).map((m) => m.entry.link),
    );
  });

  it('is 401 without a session', async () => {
    expect((await t.request('GET', '/api/auth/page')).statusCode).toBe(401);
  });
});
