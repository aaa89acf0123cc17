import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITY_LEAVES, ROLE_GRANTS, type AccessLevel } from '@portal/shared';
import type { TestApp } from './build.js';
import {
  missingSamples,
  pathOf,
  routeKey,
  ROW_SAMPLES,
  startWalk,
  type Row,
  type RowKind,
} from './row-samples.js';

/**
 * Each kind of row against the authority leaf the spec puts it under (row-samples.ts says which,
 * apart from the route declarations), walked with three IAM users of the tenant that owns the
 * rows: one that may only view the leaf lists and reads them and is refused (403) every change;
 * one that holds every other leaf, to manage, is refused even the list; one that may manage only
 * the leaf gets past the guard on every change. A kind declared under a misspelt or another leaf
 * fails here, where route-authority.test.ts (which reads the declarations) cannot tell.
 *
 * The role catalogue has no role this narrow; the walk adds its own to it for its users and takes
 * them out afterwards.
 */
let t: TestApp;
let kinds: RowKind[];
let tenant: Awaited<ReturnType<typeof startWalk>>['a'];
const added: string[] = [];
const grants = ROLE_GRANTS as unknown as Record<string, [string, AccessLevel][]>;

beforeAll(async () => {
  ({ t, kinds, a: tenant } = await startWalk());
}, 60_000);
afterAll(async () => {
  for (const role of added) delete grants[role];
  await t.close();
});

/** A signed-in IAM user of the tenant holding exactly these grants, through a role of the walk's own. */
async function holding(name: string, granted: [string, AccessLevel][]): Promise<string> {
  const role = `walk:${name}`;
  grants[role] = granted;
  added.push(role);
  return t.signIn(await t.createIam(tenant.client, { roles: [role] }), tenant.client);
}

// Not a valid body for any route: a change the guard lets through is refused by its schema or
// names no row (random ids), so the walk changes nothing of the tenant's.
const JUNK_BODY = { junk: ['x'.repeat(10)], page: -1 };
const anyRow = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());

describe('IAM users against each kind’s authority leaf', () => {
  it('every kind names its leaf, or why it has none', () => {
    expect(missingSamples(kinds)).toEqual([]);
    const leaves: readonly string[] = AUTHORITY_LEAVES;
    const unknown = kinds.flatMap(({ prefix }) => {
      const leaf = ROW_SAMPLES[prefix]!.leaf;
      return typeof leaf === 'string' && !leaves.includes(leaf) ? [`${prefix}: ${leaf}`] : [];
    });
    expect(unknown).toEqual([]);
  });

  it('view lists and reads but changes nothing; no grant, not even the list; manage gets past the guard', async () => {
    const started = Date.now();
    const problems: string[] = [];
    let requests = 0;
    const users = new Map<string, { viewer: string; outsider: string; manager: string }>();
    const expect403 = (what: string, response: LightMyRequestResponse) => {
      if (response.statusCode !== 403) problems.push(`${what}: ${response.statusCode}, not 403`);
    };
    const expectPast = (what: string, response: LightMyRequestResponse, exactly?: number) => {
      const status = response.statusCode;
      if (exactly ? status !== exactly : [401, 403].includes(status) || status >= 500)
        problems.push(`${what}: ${status} ${response.body.slice(0, 200)}`);
    };
    let walked = 0;
    for (const kind of kinds) {
      const sample = ROW_SAMPLES[kind.prefix]!;
      if (typeof sample.leaf !== 'string') continue;
      walked++;
      const leaf = sample.leaf;
      if (!users.has(leaf))
        users.set(leaf, {
          viewer: await holding(`view:${leaf}`, [[leaf, 'view']]),
          outsider: await holding(
            `all-but:${leaf}`,
            AUTHORITY_LEAVES.filter((l) => l !== leaf).map((l) => [l, 'manage']),
          ),
          manager: await holding(`manage:${leaf}`, [[leaf, 'manage']]),
        });
      const { viewer, outsider, manager } = users.get(leaf)!;
      const row: Row = await sample.row(tenant.api);
      const as = async (token: string, method: string, url: string, body?: unknown) => {
        requests++;
        return t.request(method as never, url, { token, body });
      };
      for (const route of kind.routes) {
        const key = routeKey(route);
        if (route.method === 'GET') {
          const query = sample.calls[key]?.(row, tenant.mine).query;
          const url = pathOf(route.url, row) + (query ? `?${query}` : '');
          // The list and the row itself answer the viewer; its other reads at least let it in.
          const listOrRow = route.url === kind.prefix || route.url === kind.named[0]!.url;
          expectPast(`${key} viewing ${leaf}`, await as(viewer, 'GET', url), listOrRow ? 200 : undefined);
          expect403(`${key} holding all but ${leaf}`, await as(outsider, 'GET', url));
        } else {
          const url = anyRow(route.url);
          expect403(`${key} viewing ${leaf}`, await as(viewer, route.method, url, JUNK_BODY));
          expect403(`${key} holding all but ${leaf}`, await as(outsider, route.method, url, JUNK_BODY));
          expectPast(`${key} managing ${leaf}`, await as(manager, route.method, url, JUNK_BODY));
        }
      }
    }
    console.info(
      `authority walk: ${walked} kinds, ${users.size} leaves (3 users each), ${kinds
        .filter((k) => typeof ROW_SAMPLES[k.prefix]!.leaf === 'string')
        .reduce((n, k) => n + k.routes.length, 0)} routes, ${requests} requests, ${Date.now() - started} ms`,
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
