import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorityForRoles,
  hasAuthority,
  keyAuthority,
  ROLE_IDS,
  ROOT_AUTHORITY,
  type ApiKeyGrant,
  type AuthorityTree,
} from '@portal/shared';
import { isStaffAuthority, keyMayCall, type DeclaredRoute } from '../src/platform/authority-guard.js';
import { build, type SignedIn, type TestApp } from './build.js';

/**
 * Every customer route, called with an API key of each role and of narrowed keys, against what
 * the console's session of the same user is told (issue 27). Where a key may call a route at all
 * (`keyMayCall`: a leaf's routes but the account's and IAM's, and the signed-in routes that say
 * so), the key is told what the session is: let past the guard, or refused alike. Everywhere else
 * it is 403 API_KEY_NOT_ALLOWED. A narrowed key gets past exactly where its scope within the
 * user's roles reaches. The calls name no row (random ids) and carry no valid body, so nothing
 * of the tenant's changes, as in the authority walk.
 */
let t: TestApp;
let tenant: SignedIn;
let routes: DeclaredRoute[];

beforeAll(async () => {
  t = await build({
    config: { simulatorTimeScale: 0, rateLimitPerMinute: 1_000_000, apiKeyCallsPerMinute: 1_000_000 },
  });
  tenant = await t.signedInTenant();
  routes = t.app.declaredRoutes.filter(
    (r) => r.method !== 'HEAD' && r.authority !== null && !isStaffAuthority(r.authority),
  );
}, 60_000);
afterAll(() => t.close());

const JUNK_BODY = { junk: ['x'.repeat(10)], page: -1 };
const anyRow = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());
// Ending the session it walks with would end the walk: the key's answer is compared with the tree.
const SESSION_ENDERS = new Set(['POST /api/users/logout']);

/** What the guard told a caller: refused (with the code), or let past to the route's own answer. */
const outcome = (response: LightMyRequestResponse) =>
  [401, 403].includes(response.statusCode)
    ? `${response.statusCode} ${(response.json() as { msg: string }).msg}`
    : 'past';
const call = async (token: string, route: DeclaredRoute, url: string) =>
  outcome(
    await t.request(route.method as never, url, {
      token,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : JUNK_BODY,
    }),
  );
const byTree = (tree: AuthorityTree, route: DeclaredRoute) =>
  hasAuthority(tree, route.authority as string) ? 'past' : '403 FORBIDDEN';

async function keyOf(token: string, scope: ApiKeyGrant[] | null = null): Promise<string> {
  const response = await t.request('POST', '/api/api-keys', {
    token,
    body: {
      name: `walk-${randomUUID().slice(0, 8)}`,
      expiresAt: new Date(Date.now() + 864e5).toISOString(),
      scope,
    },
  });
  if (response.statusCode !== 200) throw new Error(`key: ${response.body}`);
  return (response.json() as { data: { secret: string } }).data.secret;
}

describe('API keys against the console, route by route', () => {
  it('are told what their user’s session is where a key may call, and API_KEY_NOT_ALLOWED elsewhere', async () => {
    const started = Date.now();
    const problems: string[] = [];
    let requests = 0;
    const callers: { who: string; token: string; tree: AuthorityTree }[] = [
      { who: 'root', token: tenant.token, tree: ROOT_AUTHORITY },
    ];
    for (const role of ROLE_IDS) {
      const user = await t.createIam(tenant.client, { roles: [role] });
      callers.push({
        who: role,
        token: await t.signIn(user, tenant.client),
        tree: authorityForRoles([role]),
      });
    }
    for (const { who, token, tree } of callers) {
      const key = await keyOf(token);
      for (const route of routes) {
        const name = `${route.method} ${route.url}`;
        const url = anyRow(route.url);
        const session = SESSION_ENDERS.has(name) ? byTree(tree, route) : await call(token, route, url);
        const told = await call(key, route, url);
        requests += 2;
        const expected = keyMayCall(route.authority as never, route.keys)
          ? session
          : '403 API_KEY_NOT_ALLOWED';
        if (told !== expected) problems.push(`${name} as ${who}'s key: ${told}, the session ${session}`);
      }
    }
    console.info(
      `key walk: ${routes.length} routes, ${callers.length} users, ${requests} requests, ${Date.now() - started} ms`,
    );
    expect(routes.length).toBeGreaterThan(140);
    expect(problems).toEqual([]);
  }, 120_000);

  it('reach none of the account, IAM, keys or sign-in, whatever their routes declare', () => {
    // Named by path here, apart from the declarations the guard reads.
    const consoleOnly = routes.filter((r) =>
      /^\/api\/(api-keys|iam|audit|client|users|account|auth|password)(\/|$)/.test(r.url),
    );
    expect(consoleOnly.length).toBeGreaterThan(10);
    expect(consoleOnly.filter((r) => keyMayCall(r.authority as never, r.keys)).map((r) => r.url)).toEqual([]);
  });

  it('narrowed, get past exactly where the scope reaches within the user’s roles', async () => {
    const problems: string[] = [];
    const user = await t.createIam(tenant.client, { roles: ['computeOperator'] });
    const token = await t.signIn(user, tenant.client);
    const scopes: ApiKeyGrant[][] = [
      [{ leaf: 'compute/vm', level: 'view' }],
      [
        { leaf: 'compute/disk', level: 'manage' },
        { leaf: 'network/vpc', level: 'view' },
      ],
    ];
    for (const scope of scopes) {
      const key = await keyOf(token, scope);
      const tree = keyAuthority(authorityForRoles(['computeOperator']), scope);
      for (const route of routes) {
        const expected = !keyMayCall(route.authority as never, route.keys)
          ? '403 API_KEY_NOT_ALLOWED'
          : byTree(tree, route);
        const told = await call(key, route, anyRow(route.url));
        if (told !== expected)
          problems.push(
            `${route.method} ${route.url} with ${JSON.stringify(scope)}: ${told}, not ${expected}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
