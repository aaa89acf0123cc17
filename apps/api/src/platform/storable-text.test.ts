import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../test/build.js';
import { isStaffAuthority, type DeclaredRoute } from './authority-guard.js';
import { unstorableTextAt } from './storable-text.js';

describe('unstorableTextAt', () => {
  it('finds a NUL or a lone surrogate in a value or a key, and says where', () => {
    expect(unstorableTextAt({ name: 'vm', tags: [{ key: 'a', value: 'b\u0000' }] })).toBe('tags.0.value');
    expect(unstorableTextAt({ info: { ['k\ud800']: 1 } })).toBe('info');
    expect(unstorableTextAt(['ok', '\udc00'])).toBe('1');
    expect(unstorableTextAt('\u0000')).toBe('');
  });

  it('passes whole text, numbers, nulls and nothing', () => {
    expect(unstorableTextAt({ a: '雲端 \u{1F600}', b: [1, null, true], c: {} })).toBeNull();
    expect(unstorableTextAt(undefined)).toBeNull();
  });

  it('walks a body nested deeper than the call stack goes', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableTextAt(deep)).toMatch(/^0(\.0)+$/);
  });
});

/**
 * Every route the app registers, called as a caller it lets in (no one for a public route, a
 * staff member for the operations console, a root user for the rest), with text PostgreSQL cannot
 * store in its body, its query and each path: always 400 INVALID_CHARACTERS, never a 500 nor the
 * route's own answer. Routes added later are in the walk without a line of new test code.
 */
let t: TestApp;
let routes: DeclaredRoute[];
let rootToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await build();
  routes = t.app.declaredRoutes.filter((r) => r.method !== 'HEAD');
  const { client, root } = await t.createTenant();
  rootToken = await t.signIn(root, client);
  staffToken = await t.signInStaff(await t.createStaff());
});
afterAll(() => t.close());

const tokenFor = (route: DeclaredRoute) =>
  route.authority === null ? undefined : isStaffAuthority(route.authority) ? staffToken : rootToken;

// JSON "\ud800" is half of a surrogate pair; in a URL its UTF-8 form (%ED%A0%80) is not UTF-8.
const BODIES = [{ text: 'a\u0000b' }, { text: 'a\ud800b' }, { nested: [{ ['key\u0000']: 'v' }] }];
const QUERIES = ['text=a%00b', 'text=%ED%A0%80', 'page=0&text=%00'];
const SEGMENTS = ['a%00b', '%ED%A0%80'];
const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes whose body is a file's bytes, stored as sent (a file may hold any byte): only their URLs are text. */
const RAW_BODY = new Set(['PUT /api/buckets/:name/objects']);

/**
 * A path parameter's value where the text is not sent: any, but a kind of resource for the tags'
 * `:type` (the guard answers a type that names no kind 404 before the body is read).
 */
const filler = (param: string) => (param === ':type' ? 'vms' : 'x');

/** Each way to send the bad text to a route: its URL with the text in a path parameter or the query, or a body. */
function attempts(route: DeclaredRoute): { url: string; body?: unknown }[] {
  const plain = route.url.replace(/:[^/]+/g, filler);
  const out: { url: string; body?: unknown }[] = QUERIES.map((q) => ({ url: `${plain}?${q}` }));
  const params = route.url.match(/:[^/]+/g) ?? [];
  for (const param of params) {
    for (const segment of SEGMENTS) {
      out.push({ url: route.url.replace(param, segment).replace(/:[^/]+/g, filler) });
    }
  }
  if (HAS_BODY.has(route.method) && !RAW_BODY.has(`${route.method} ${route.url}`))
    for (const payload of BODIES) out.push({ url: plain, body: payload });
  return out;
}

describe('text the database cannot store, on every route', () => {
  it('the walk covers public, signed-in, staff and development routes', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('POST /api/register');
    expect(keys).toContain('PATCH /api/client/info');
    expect(keys).toContain('POST /api/ops/applications/:id/deny');
    expect(keys).toContain('GET /api/dev/outbox');
    expect(keys).toContain('GET /api/dev/captcha/:id');
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers 400 INVALID_CHARACTERS in the body, the query and the path', async () => {
    let n = 0;
    for (const route of routes) {
      for (const { url, body: payload } of attempts(route)) {
        const response = await t.request(route.method as never, url, {
          token: tokenFor(route),
          body: payload,
          // An address per request: the walk is more requests than one address may make a minute.
          // The development routes answer this machine only (to others they do not exist).
          ip: route.url.startsWith('/api/dev/') ? '127.0.0.1' : `10.8.${Math.floor(n / 250)}.${n++ % 250}`,
        });
        const what = `${route.method} ${url} ${payload ? JSON.stringify(payload) : ''}: ${response.body}`;
        expect(response.statusCode, what).toBe(400);
        expect(body(response).msg, what).toBe('INVALID_CHARACTERS');
      }
    }
  });

  it('says which field it was, for the form to mark', async () => {
    const response = await t.request('PATCH', '/api/client/info', {
      token: rootToken,
      body: { contactName: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      msg: 'INVALID_CHARACTERS',
      errors: [{ path: 'contactName', message: 'validation.invalidCharacters' }],
    });
  });

  it('answers a URL that does not decode with the security headers of every answer', async () => {
    for (const url of ['/api/iam/users/%ED%A0%80', `/api/iam/users/${'x'.repeat(120)}`]) {
      const response = await t.request('GET', url, { token: rootToken });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('still answers 401 first to a caller without a session', async () => {
    const response = await t.request('PATCH', '/api/client/info', { body: { contactName: 'a\u0000b' } });
    expect(response.statusCode).toBe(401);
  });
});
