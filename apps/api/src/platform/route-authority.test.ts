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
import { isStaffAuthority, type DeclaredRoute } from './authority-guard.js';

/**
 * Every API route the app registers, walked with every role and with a staff member: allowed where
 * the shared walk grants the route's declared authority, 403 elsewhere, 401 without a session, and
 * the operations console's routes for staff only (401 to a customer, whose session is not a staff
 * session). Routes added later are in the walk without a line of new test code.
 */
let t: TestApp;
let routes: DeclaredRoute[];
beforeAll(async () => {
  t = await build();
  routes = t.app.declaredRoutes.filter((r) => r.authority !== null && r.method !== 'HEAD');
});

/**
 * The routes anyone may call. A route is public because it is listed here as well as declared
 * `authority: null`, so a declaration written in haste does not open a route unseen.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'POST /api/auth/2fa/verify',
  'POST /api/auth/2fa/resend',
  'GET /api/productManagement/resourceTypeManagement/modifyResourceType',
  'GET /api/productManagement/resourceTypeManagement/modifyResourceType/:id',
  'GET /api/products/:id',
  'GET /api/prices',
  'GET /api/news',
  'GET /api/news/:id',
  'GET /api/captcha',
  'POST /api/register',
  'GET /api/register/info/:guid',
  'PUT /api/register/info/:guid',
  'POST /api/register/info/:guid/submit',
  'PUT /api/register/info/:guid/docs/:doc',
  'DELETE /api/register/info/:guid/docs/:doc',
  'POST /api/register/query',
  'GET /api/register/query/:guid',
  'POST /api/password/forget',
  'GET /api/password/reset/:guid',
  'POST /api/password/reset/:guid',
  'GET /api/password/set/:guid',
  'POST /api/password/set/:guid',
  'POST /api/ops/login',
  // The signed link in its query is the permission (a new tab sends no bearer header).
  'GET /api/ops/document-view',
  // The VM console's WebSocket: a browser cannot send the bearer header; its one-use ticket is
  // the permission, checked with its session on arrival and every few seconds (decision 0020).
  'GET /api/vms/:uuid/console/ws',
  // Development only (never registered in production).
  'GET /api/dev/captcha/:id',
  'GET /api/dev/outbox',
];
afterAll(() => t.close());

// Not a valid body for any route: an allowed caller gets past the guard and is refused by the
// schema (or the route ignores it); a refused one must get 403 before the body is looked at.
const JUNK_BODY = { junk: ['x'.repeat(10)], page: -1, password: 1 };
const urlOf = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());
const ENDS_SESSION = new Set(['POST /api/users/logout', 'POST /api/ops/logout']);

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
    expect(keys).toContain('POST /api/ops/applications/:id/approve');
    expect(keys).toContain('GET /api/ops/audit');
    expect(routes.length).toBeGreaterThan(10);
  });

  it('public routes are exactly the listed ones', () => {
    const open = t.app.declaredRoutes
      .filter((r) => r.authority === null && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
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
      if (isStaffAuthority(route.authority)) {
        expect(response.statusCode, `${key} is for staff only`).toBe(401);
      } else if (hasAuthority(tree, route.authority!)) {
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
  it('staff: the operations console and nothing else', async () => {
    const member = await t.createStaff();
    let token = await t.signInStaff(member);
    const ip = '10.9.99.1';
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const own = ENDS_SESSION.has(key) ? await t.signInStaff(member) : token;
      const response = await t.request(route.method as never, urlOf(route.url), {
        token: own,
        body: JUNK_BODY,
        ip,
      });
      if (isStaffAuthority(route.authority)) {
        expect(response.statusCode, `${key} should be allowed (${response.body})`).not.toBeOneOf([401, 403]);
        expect(response.statusCode, `${key} failed (${response.body})`).toBeLessThan(500);
      } else {
        // A staff session is not a customer's: no tenant, no authority tree.
        expect(response.statusCode, `${key} is for customers`).toBe(401);
      }
      if ((await t.request('GET', '/api/ops/me', { token, ip })).statusCode === 401) {
        token = await t.signInStaff(member);
      }
    }
  });
});
