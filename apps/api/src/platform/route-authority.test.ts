import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorityForRoles,
  hasAuthority,
  ROLE_IDS,
  ROOT_AUTHORITY,
  type AuthorityTree,
} from '@portal/shared';
import { body, build, type TestApp } from '../../test/build.js';
import type { DeclaredRoute } from './authority-guard.js';

/**
 * Every API route the app registers, walked with every role: allowed where the shared walk grants
 * the route's declared authority, 403 elsewhere, and 401 without a session. Routes added later are
 * in the walk without a line of new test code.
 */
let t: TestApp;
let routes: DeclaredRoute[];
beforeAll(async () => {
  t = await build();
  routes = t.app.declaredRoutes.filter((r) => r.authority !== null && r.method !== 'HEAD');
});
afterAll(() => t.close());

// Not a valid body for any route: an allowed caller gets past the guard and is refused by the
// schema (or the route ignores it); a refused one must get 403 before the body is looked at.
const JUNK_BODY = { junk: ['x'.repeat(10)], page: -1, password: 1 };
const urlOf = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());
const ENDS_SESSION = new Set(['POST /api/users/logout']);

const CASES: { name: string; roles: string[] | 'root'; tree: AuthorityTree }[] = [
  { name: 'root', roles: 'root', tree: ROOT_AUTHORITY },
  ...ROLE_IDS.map((id) => ({ name: id, roles: [id], tree: authorityForRoles([id]) })),
  { name: 'no roles', roles: [], tree: authorityForRoles([]) },
];

describe('every API route against the authority table', () => {
  it('the walk covers the IAM and audit routes (and more than a handful)', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('GET /api/iam/users');
    expect(keys).toContain('DELETE /api/iam/users/:id');
    expect(keys).toContain('GET /api/audit/export');
    expect(routes.length).toBeGreaterThan(10);
  });

  it('without a session every non-public route answers 401', async () => {
    for (const route of routes) {
      const response = await t.request(route.method as never, urlOf(route.url), {
        body: JUNK_BODY,
        ip: '10.9.0.1',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it.each(CASES)('$name: allowed or 403 exactly as the shared walk says', async ({ roles, tree }) => {
    const { client, root } = await t.createTenant();
    const user = roles === 'root' ? root : await t.createIam(client, { roles });
    const ip = `10.9.${CASES.findIndex((c) => c.roles === roles) + 1}.1`;
    let token = await t.signIn(user, client);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const own = ENDS_SESSION.has(key) ? await t.signIn(user, client) : token;
      const response = await t.request(route.method as never, urlOf(route.url), {
        token: own,
        body: JUNK_BODY,
        ip,
      });
      if (hasAuthority(tree, route.authority!)) {
        // Allowed: past the guard, and answered (a refusal of the junk body is fine, a fault is not).
        expect(response.statusCode, `${key} should be allowed (${response.body})`).not.toBeOneOf([401, 403]);
        expect(response.statusCode, `${key} failed (${response.body})`).toBeLessThan(500);
      } else {
        expect(response.statusCode, `${key} should be refused`).toBe(403);
        expect(body(response)).toEqual({ msg: 'FORBIDDEN' });
      }
      // A route that ended the session (none should, but a new one might) does not spoil the rest.
      if ((await t.request('GET', '/api/client/info', { token, ip })).statusCode === 401) {
        token = await t.signIn(user, client);
      }
    }
  });
});
