import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { INDEX_INLINE_SCRIPT_HASH } from '../src/platform/security.js';
import { body, build, type TestApp } from './build.js';

/** The HTTP surface every route shares: headers, errors, limits, logs, OpenAPI and the web app. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('GET /api/health is ok when the database answers', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ data: { status: 'ok' } });
  });

  it('answers liveness and readiness apart, for the proxy; readiness turns 503 once the instance drains', async () => {
    expect(body(await t.request('GET', '/api/health/live'))).toEqual({ data: { status: 'live' } });
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toEqual({ data: { status: 'ready' } });
    const drained = await build();
    try {
      drained.app.readiness.drain();
      const draining = await drained.request('GET', '/api/health/ready');
      expect(draining.statusCode).toBe(503);
      expect(body(draining)).toEqual({ data: { status: 'draining' } });
      // Still alive, and still serving what comes while the proxy has not yet seen it, each
      // answer ending its connection so that no kept-alive one outlives the drain.
      expect((await drained.request('GET', '/api/health/live')).statusCode).toBe(200);
      const served = await drained.request('GET', '/api/health');
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
      expect((await t.request('GET', '/api/health')).headers.connection).not.toBe('close');
    } finally {
      await drained.close();
    }
  });

  it("does not count the proxy's probes against the per-address limit", async () => {
    const limited = await build({ config: { rateLimitPerMinute: 2 } });
    try {
      for (let i = 0; i < 4; i++) {
        expect((await limited.request('GET', '/api/health/ready', { ip: '10.2.0.1' })).statusCode).toBe(200);
        expect((await limited.request('GET', '/api/health/live', { ip: '10.2.0.1' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('sends a strict content security policy and the other helmet headers', async () => {
    const response = await t.request('GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      `script-src 'self' ${INDEX_INLINE_SCRIPT_HASH}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp.split(';')).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown paths with a JSON 404', async () => {
    for (const url of ['/api/no/such/thing', '/no-web-app-here']) {
      const response = await t.request('GET', url);
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ msg: 'NOT_FOUND' });
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE past the body limit', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      body: { account: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({ msg: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('limits, faults and logs', () => {
  const lines: Record<string, unknown>[] = [];
  let u: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    u = await build({
      config: { rateLimitPerMinute: 5 },
      logger: { level: 'info', stream },
      // A fault deep inside a request (mail no longer is one: it is sent by a job).
      passwords: {
        ...createPasswordHasher('test'),
        verify: async () => {
          throw new Error('hasher exploded: secret-host:25');
        },
      },
    });
  });
  afterAll(() => u.close());

  it('answers 500 INTERNAL_ERROR without the insides, and logs them', async () => {
    const { client, root } = await u.createTenant();
    const response = await u.login(u.loginBody(root, client), { ip: '10.1.0.1' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"msg":"INTERNAL_ERROR"}');
    expect(lines.some((l) => JSON.stringify(l).includes('hasher exploded'))).toBe(true);
  });

  it("puts the page's X-LOG-CODE on the request's log line", async () => {
    await u.request('GET', '/api/health', { headers: { 'x-log-code': '10005' }, ip: '10.1.0.2' });
    const completed = lines.find((l) => l.msg === 'request completed' && l.logCode === 10005);
    expect(completed).toBeDefined();
    await u.request('GET', '/api/health', { headers: { 'x-log-code': '<script>' }, ip: '10.1.0.2' });
    expect(lines.some((l) => String(l.logCode).includes('script'))).toBe(false);
  });

  it('limits requests per address per minute with 429 TRY_AGAIN_LATER and Retry-After', async () => {
    const ip = '10.1.0.3';
    for (let i = 0; i < 5; i++) expect((await u.request('GET', '/api/health', { ip })).statusCode).toBe(200);
    const limited = await u.request('GET', '/api/health', { ip });
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ msg: 'TRY_AGAIN_LATER' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await u.request('GET', '/api/health', { ip: '10.1.0.4' })).statusCode).toBe(200);
  });
});

// Limits kept in Redis hold across instances; proven when a Redis is offered (CI, this machine).
describe.skipIf(!process.env.TEST_REDIS_URL)('limits in Redis', () => {
  let r: TestApp;
  // Keys outlive a run by up to 15 minutes, so every run uses addresses and names of its own.
  const run = randomBytes(3);
  const ip = (n: number) => `10.${run[0]}.${run[1]}.${(run[2]! + n) % 256}`;
  beforeAll(async () => {
    r = await build({ config: { redisUrl: process.env.TEST_REDIS_URL, rateLimitPerMinute: 3 } });
  });
  afterAll(() => r.close());

  it('limits requests per address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await r.request('GET', '/api/health', { ip: ip(0) })).statusCode).toBe(200);
    expect((await r.request('GET', '/api/health', { ip: ip(0) })).statusCode).toBe(429);
  });

  it('locks an account name after 5 wrong passwords', async () => {
    const account = `redis-${run.toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) {
      // A new address each time, to stay under the per-address flood guard of 3 a minute.
      await r.login({ account, password: 'Wrong-Passw0rd!' }, { ip: ip(10 + i) });
    }
    const locked = await r.login({ account, password: 'Wrong-Passw0rd!' }, { ip: ip(20) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});

describe('OpenAPI', () => {
  it('publishes the routes with their schemas at /api/docs/json', async () => {
    const response = await t.request('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown; responses: object }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/health/live',
        '/api/health/ready',
        '/api/auth/login',
        '/api/auth/2fa/verify',
        '/api/auth/2fa/resend',
        '/api/auth/page',
        '/api/client/info',
        '/api/users/logout',
        '/api/dev/outbox',
        '/api/productManagement/resourceTypeManagement/modifyResourceType',
        '/api/productManagement/resourceTypeManagement/modifyResourceType/{id}',
      ]),
    );
    expect(doc.paths['/api/auth/login']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/client/info']?.patch?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/login']?.post?.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/client/info']?.get?.responses ?? {})).toEqual(['200', '4XX', '5XX']);
    // The proxy's readiness answer is documented with both of its statuses, and asks for no session.
    expect(Object.keys(doc.paths['/api/health/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
    expect(doc.paths['/api/health/ready']?.get?.security).toBeUndefined();
  });

  it('names each operation’s authority, whether a key may call it, and the codes it answers', async () => {
    type Op = {
      description?: string;
      'x-authority'?: unknown;
      'x-api-keys'?: boolean;
      'x-error-codes'?: Record<string, string[]>;
    };
    const doc = (await t.request('GET', '/api/docs/json')).json() as {
      info: { description: string };
      paths: Record<string, Record<string, Op>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(
      ops.filter(({ op }) => !op['x-error-codes'] || op['x-api-keys'] === undefined).map((o) => o.name),
    ).toEqual([]);
    const op = (name: string) => ops.find((o) => o.name === name)!.op;
    expect(op('POST /api/vms/{uuid}/stop')).toMatchObject({
      'x-authority': 'compute/vm/manage',
      'x-api-keys': true,
      'x-error-codes': { 401: ['UNAUTHORIZED'], 403: ['FORBIDDEN'], 404: ['VM_NOT_FOUND'] },
    });
    expect(op('POST /api/api-keys')).toMatchObject({
      'x-authority': '',
      'x-api-keys': false,
      'x-error-codes': { 403: ['API_KEY_NOT_ALLOWED'] },
    });
    expect(op('GET /api/iam/users')['x-error-codes']![403]).toEqual(['FORBIDDEN', 'API_KEY_NOT_ALLOWED']);
    expect(op('GET /api/operations/{id}')['x-api-keys']).toBe(true);
    // A kind's 404 code at 404, whatever it is called.
    expect(op('DELETE /api/public-cloud-credentials/{uuid}')['x-error-codes']![404]).toEqual([
      'PUBLIC_CLOUD_NOT_EXIST',
    ]);
    expect(op('POST /api/vms/{uuid}/stop').description).toContain('**Authority:** `compute/vm/manage`');
    // Every reference names a schema the document holds (a recursive one is a component).
    const text = JSON.stringify(doc);
    const components = (doc as unknown as { components: { schemas?: Record<string, unknown> } }).components;
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.filter((ref) => !components.schemas?.[ref])).toEqual([]);
    // The document says how to call it with a key, by curl and by the client.
    expect(doc.info.description).toContain('curl -H "Authorization: Bearer cpk_');
    expect(doc.info.description).toContain('createPortalClient');
  });

  it('serves the browser at /api/docs', async () => {
    const response = await t.request('GET', '/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('the built web app', () => {
  let dist: string;
  let w: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>',
    );
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    w = await build({ config: { webDist: dist, rateLimitPerMinute: 3 } });
  });
  afterAll(async () => {
    await w.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / for the browser to check each time, under the content policy', async () => {
    const response = await w.request('GET', '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' ${INDEX_INLINE_SCRIPT_HASH};`,
    );
    expect(response.body).toContain('<div id="root">');
  });

  it('lets browsers keep content-hashed assets for a year', async () => {
    const response = await w.request('GET', '/assets/app-1a2b3c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("loads the app's files outside the API's request budget", async () => {
    // A page visit fetches dozens of files; a 429 on one script chunk would break the page.
    const ip = '10.2.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await w.request('GET', '/assets/app-1a2b3c.js', { ip })).statusCode).toBe(200);
      expect((await w.request('GET', '/', { ip })).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await w.request('GET', '/api/health', { ip })).statusCode).toBe(200);
    expect((await w.request('GET', '/api/health', { ip })).statusCode).toBe(429);
  });

  it('answers other page paths with index.html, but unknown API paths with a JSON 404', async () => {
    const page = await w.request('GET', '/some/deep/link');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await w.request('GET', '/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(body(api)).toEqual({ msg: 'NOT_FOUND' });
    expect((await w.request('POST', '/some/form')).statusCode).toBe(404);
  });
});
