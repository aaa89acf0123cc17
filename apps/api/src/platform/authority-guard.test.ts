import Fastify, { type FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import type { ClientRow, SessionRow, UserRow } from '../db/schema/index.js';
import { registerAuthorityGuard, SIGNED_IN, STAFF, type AuthorityFor } from './authority-guard.js';
import { systemClock } from './clock.js';
import { registerErrorHandler } from './error-handler.js';
import type { SessionStore } from './sessions.js';
import type { KeyAuthenticator } from './api-key-auth.js';
import type { TenantScope } from '../db/tenant-scope.js';
import { authorityForRoles, keyAuthority } from '@portal/shared';
import './fastify-types.js';

// Declarations are checked while routes register; no request reaches the database here. Any
// bearer token is a session of a read-only IAM user.
const readOnly = {
  session: { tokenHash: 'h' } as SessionRow,
  user: { id: 'u', isRoot: false, roles: ['readOnly'], isLocked: false } as unknown as UserRow,
  client: { id: 'c' } as ClientRow,
};
const guarded = () => {
  const app = Fastify();
  registerErrorHandler(app);
  const sessions = { find: async () => readOnly } as unknown as SessionStore;
  // A key (cpk_…) is an administrator's key narrowed to seeing VMs.
  const keys: KeyAuthenticator = {
    authenticate: async () => ({
      ...readOnly,
      tokenHash: 'k',
      authority: keyAuthority(authorityForRoles(['administrator']), [{ leaf: 'compute/vm', level: 'view' }]),
      tenant: {} as TenantScope,
      meteredThrough: '',
      apiKey: { id: 'k', name: 'ci' },
    }),
  };
  registerAuthorityGuard(app, { db: {} as Db, clock: systemClock, sessions, keys });
  return app;
};

describe('authority declarations', () => {
  it('refuse to start when an /api route declares no authority', async () => {
    const app = guarded();
    app.register(async (plugin) => {
      plugin.get('/api/forgotten', async () => 'oops');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten must declare config.authority/);
  });

  it('accept a path, SIGNED_IN, STAFF or null, and leave non-API routes alone', async () => {
    const app = guarded();
    app.get('/api/a', { config: { authority: 'compute/vm' } }, async () => 'a');
    app.get('/api/b', { config: { authority: '' } }, async () => 'b');
    app.get('/api/c', { config: { authority: null } }, async () => 'c');
    app.get('/api/ops/d', { config: { authority: STAFF } }, async () => 'd');
    app.get('/somewhere', async () => 'page');
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject('/api/c')).body).toBe('c');
    expect((await app.inject('/somewhere')).body).toBe('page');
    expect(app.declaredRoutes.map((r) => [r.url, r.authority])).toContainEqual(['/api/ops/d', STAFF]);
  });

  it('refuse a STAFF route without a session, as any guarded route', async () => {
    const app = guarded();
    app.get('/api/ops/d', { config: { authority: STAFF } }, async () => 'd');
    app.get('/api/a', { config: { authority: 'compute/vm' } }, async () => 'a');
    for (const url of ['/api/ops/d', '/api/a']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ msg: 'UNAUTHORIZED' });
    }
  });

  it('ask a route’s authorityFor before the body is read: 403 without it, 404 when it names nothing', async () => {
    const app = guarded();
    // Like the tags of a kind: the kind in the path decides what the caller needs.
    const authorityFor: AuthorityFor = (request) =>
      (({ vms: 'compute/vm/manage', view: 'compute/vm' }) as const)[
        (request.params as { kind: 'vms' | 'view' }).kind
      ] ?? null;
    app.put(
      '/api/things/:kind',
      {
        config: { authority: SIGNED_IN, authorityFor },
        schema: { body: { type: 'object', required: ['name'] } },
      },
      async () => 'done',
    );
    const put = (kind: string, payload: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/things/${kind}`,
        payload,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      });
    for (const payload of ['{"name":"x"}', '{}', 'not json']) {
      expect((await put('vms', payload)).json(), payload).toEqual({ msg: 'FORBIDDEN' });
      expect((await put('nothing', payload)).json(), payload).toEqual({ msg: 'NOT_FOUND' });
    }
    // Let in, the caller meets the body's validation, then the handler.
    expect((await put('view', '{}')).statusCode).toBe(400);
    expect((await put('view', '{"name":"x"}')).body).toBe('done');
  });

  it('let a key call its leaves’ routes within its scope, and none of the console’s own', async () => {
    const app = guarded();
    const routes: Record<string, FastifyContextConfig> = {
      '/api/vms': { authority: 'compute/vm' },
      '/api/vms/x/stop': { authority: 'compute/vm/manage' },
      '/api/progress': { authority: SIGNED_IN, keys: true },
      '/api/auth/me': { authority: SIGNED_IN },
      '/api/iam/users': { authority: 'iam/user' },
      '/api/me': { authority: 'myAccount/myInfo' },
    };
    for (const [url, config] of Object.entries(routes)) app.get(url, { config }, async () => 'ok');
    const asKey = async (url: string) => {
      const response = await app.inject({ url, headers: { authorization: 'Bearer cpk_secret' } });
      return `${response.statusCode} ${response.statusCode === 200 ? response.body : response.json().msg}`;
    };
    expect(await asKey('/api/vms')).toBe('200 ok');
    expect(await asKey('/api/progress')).toBe('200 ok');
    expect(await asKey('/api/vms/x/stop')).toBe('403 FORBIDDEN');
    for (const url of ['/api/auth/me', '/api/iam/users', '/api/me']) {
      expect(await asKey(url), url).toBe('403 API_KEY_NOT_ALLOWED');
    }
    // A session reaches them as its roles allow.
    const session = await app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer t' } });
    expect(session.body).toBe('ok');
  });
});
