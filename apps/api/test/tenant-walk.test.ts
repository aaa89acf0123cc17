import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFleet } from '../src/modules/compute/demo-fleet.js';
import { eq } from 'drizzle-orm';
import { resourceTags } from '../src/db/schema/index.js';
import type { TestApp } from './build.js';
import { settled } from './operations.js';
import { tenantApi, type TenantApi } from './estate-walk.js';
import {
  missingSamples,
  pathOf,
  routeKey,
  ROW_SAMPLES,
  startWalk,
  ticketBody,
  type Call,
  type Mine,
  type Row,
  type RowKind,
} from './row-samples.js';

/**
 * Another tenant cannot reach a tenant's rows, by construction of the walk rather than by each
 * suite remembering to try (decision 0031). Tenant A holds a row of every kind the API names in a
 * path (the demo's estate and what the API makes besides); tenant B, signed in as its root,
 * calls every route that names A's row (reads, changes, deletes, actions, the row's tags), with a
 * body that would pass validation and name only B's own rows, and gets 404 each time, and B's
 * list of the kind does not show the row. Where a route names a second row under the first (a
 * bucket's lifecycle rule), B names A's under its own first row too. Then every read of A's row
 * answers A as it did before. The kinds come from the declared routes: a new one fails here
 * until row-samples.ts knows it.
 */
let t: TestApp;
let kinds: RowKind[];
let a: { api: TenantApi; token: string; mine: Mine };
let b: { token: string; api: TenantApi; mine: Mine };

beforeAll(async () => {
  ({ t, kinds, a } = await startWalk());
  const other = await t.createTenant();
  await seedDemoFleet(t.db, other.client.id);
  const token = await t.signIn(other.root, other.client);
  const api = tenantApi(t, token);
  const vm = (await api.records<{ uuid: string }>('/api/vms?limit=0'))[0]!.uuid;
  for (const [url, made] of [
    ['/api/buckets', { name: `walker-${other.client.clientNumber}`, isPublic: false }],
    ['/api/tickets', ticketBody(vm)],
  ] as const) {
    const response = await t.request('POST', url, { token, body: made });
    if (response.statusCode >= 300) throw new Error(`B's ${url}: ${response.statusCode} ${response.body}`);
  }
  b = { token, api, mine: { vm } };
}, 60_000);
afterAll(() => t.close());

const send = (token: string, method: string, path: string, call: Call) => {
  const url = call.query ? `${path}?${call.query}` : path;
  if (call.raw)
    return t.app.inject({
      method: method as never,
      url,
      payload: call.raw.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': call.raw.contentType },
    });
  return t.request(method as never, url, { token, body: call.body });
};

/** An answer's body when it is JSON (a download is not). */
const answerOf = (response: LightMyRequestResponse) =>
  (String(response.headers['content-type']).startsWith('application/json') ? response.json() : {}) as {
    msg?: string;
    errors?: { message: string }[];
  };
/** An answer's status and code: what B was told about each route, to compare with A's. */
const toldOf = (response: LightMyRequestResponse) => `${response.statusCode} ${answerOf(response).msg ?? ''}`;
const answersToB = new Map<string, string>();

/** Tags are a kind's when its tag routes know the kind (`/api/tags/resid?type=disks`). */
const tagType = (prefix: string) => prefix.slice('/api/'.length);

describe('another tenant’s rows', () => {
  it('every kind of row named in a path is walked, with a body for every change', () => {
    expect(kinds.length).toBeGreaterThan(10);
    expect(missingSamples(kinds)).toEqual([]);
  });

  it('are 404 on every route that names them, and read the same afterwards', async () => {
    const started = Date.now();
    const problems: string[] = [];
    let requests = 0;
    const refused = (what: string, response: LightMyRequestResponse) => {
      requests++;
      if (response.statusCode === 404) return;
      const answer = answerOf(response);
      const malformed =
        answer.msg === 'MISSING_DATA' ||
        (answer.errors ?? []).some((e) => e.message.startsWith('validation.'));
      const hint = malformed ? ' (the sample’s call does not pass validation)' : '';
      problems.push(`${what}: ${response.statusCode}${hint} ${response.body.slice(0, 200)}`);
    };
    for (const kind of kinds) {
      const sample = ROW_SAMPLES[kind.prefix]!;
      const row = await sample.row(a.api);
      const call = (key: string, at: Row) => sample.calls[key]?.(at, b.mine) ?? {};
      const reads = kind.named.filter((r) => r.method === 'GET');
      const id = row[/:(\w+)/.exec(kind.named[0]!.url)![1]!];
      const tags = `/api/tags/resid?type=${tagType(kind.prefix)}&res_id=${id}`;
      const tagged = (await t.request('GET', tags, { token: a.token })).statusCode === 200;
      const readAll = async () => {
        const answers = new Map<string, string>();
        for (const read of reads) {
          const response = await send(a.token, 'GET', pathOf(read.url, row), call(routeKey(read), row));
          if (response.statusCode !== 200)
            problems.push(`${routeKey(read)}: A reads its own row: ${response.statusCode} ${response.body}`);
          answers.set(routeKey(read), response.body);
        }
        if (tagged) answers.set('tags', (await t.request('GET', tags, { token: a.token })).body);
        return answers;
      };
      const before = await readAll();
      const mine = sample.mine ? await sample.mine(b.api) : undefined;
      for (const route of kind.named) {
        const key = routeKey(route);
        const response = await send(b.token, route.method, pathOf(route.url, row), call(key, row));
        answersToB.set(key, toldOf(response));
        refused(`${key} as B`, response);
        // A second row named under the first: A's under B's own first row.
        if (mine && (route.url.match(/:/g) ?? []).length > 1) {
          const mixed = { ...row, ...mine };
          refused(
            `${key} as B, A's row under B's`,
            await send(b.token, route.method, pathOf(route.url, mixed), call(key, mixed)),
          );
        }
      }
      // B's list of the kind does not show it either.
      if (kind.routes.some((r) => r.method === 'GET' && r.url === kind.prefix)) {
        const listed = await t.request('GET', `${kind.prefix}?limit=0`, { token: b.token });
        if (listed.statusCode !== 200 || listed.body.includes(id!))
          problems.push(
            `GET ${kind.prefix} as B: ${listed.statusCode}, A's ${id} in ${listed.body.slice(0, 200)}`,
          );
      }
      if (tagged)
        refused(
          `PUT /api/tags/${tagType(kind.prefix)}/:resId as B`,
          await t.request('PUT', `/api/tags/${tagType(kind.prefix)}/${id}`, {
            token: b.token,
            body: { tags: [{ key: 'walked', value: 'by-b' }] },
          }),
        );
      const after = await readAll();
      for (const [key, answer] of before)
        if (after.get(key) !== answer) problems.push(`${key}: A's row reads otherwise after B's walk`);
    }
    console.info(
      `tenant walk: ${kinds.length} kinds, ${kinds.reduce((n, k) => n + k.named.length, 0)} routes naming a row, ${requests} requests of B, ${Date.now() - started} ms`,
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it('are answered otherwise to their owner: B’s 404s were about whose row it is', async () => {
    // After the walk, A makes the same calls on its own rows and none is answered as B was (a
    // refusal by the row's rules is fine). Deletes go last, a row's parts before the row.
    const calls = kinds.flatMap((kind) => kind.named.map((route) => ({ kind, route })));
    const order = (c: (typeof calls)[number]) => (c.route.method === 'DELETE' ? 1e3 - c.route.url.length : 0);
    const rows = new Map<string, Row>();
    const same: string[] = [];
    // Each row of a kind with tags is tagged first, to see its tags go when its delete removes it.
    const tagged = new Set<string>();
    for (const kind of kinds) {
      const row = await ROW_SAMPLES[kind.prefix]!.row(a.api);
      const id = row[/:(\w+)/.exec(kind.named[0]!.url)![1]!]!;
      const put = await t.request('PUT', `/api/tags/${tagType(kind.prefix)}/${id}`, {
        token: a.token,
        body: { tags: [{ key: 'kept', value: 'until-deleted' }] },
      });
      if (put.statusCode === 200) tagged.add(id);
    }
    for (const { kind, route } of calls.sort((x, y) => order(x) - order(y))) {
      const sample = ROW_SAMPLES[kind.prefix]!;
      if (!rows.has(kind.prefix)) rows.set(kind.prefix, await sample.row(a.api));
      const row = rows.get(kind.prefix)!;
      const key = routeKey(route);
      const response = await send(
        a.token,
        route.method,
        pathOf(route.url, row),
        sample.calls[key]?.(row, a.mine) ?? {},
      );
      if (toldOf(response) === answersToB.get(key)) same.push(`${key} as A: ${response.body.slice(0, 200)}`);
    }
    expect(answersToB.size).toBe(kinds.reduce((n, k) => n + k.named.length, 0));
    expect(same).toEqual([]);

    // A's deletes went last: every tagged row they removed took its tags along.
    await settled(t);
    const left: string[] = [];
    for (const [prefix, row] of rows) {
      const kind = kinds.find((k) => k.prefix === prefix)!;
      const id = row[/:(\w+)/.exec(kind.named[0]!.url)![1]!]!;
      const tags = await t.request('GET', `/api/tags/resid?type=${tagType(prefix)}&res_id=${id}`, {
        token: a.token,
      });
      if (tags.statusCode !== 200 || !tagged.has(id)) continue;
      const read = await t.request('GET', pathOf(kind.named[0]!.url, row), { token: a.token });
      const kept = await t.db.select().from(resourceTags).where(eq(resourceTags.resId, id));
      if (read.statusCode === 404 && kept.length > 0)
        left.push(`${prefix}: ${kept.length} tags of a deleted row`);
    }
    expect(tagged.size).toBeGreaterThan(5);
    expect(left).toEqual([]);
  }, 60_000);
});
