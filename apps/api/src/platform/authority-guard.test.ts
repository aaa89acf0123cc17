import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { registerAuthorityGuard, STAFF } from './authority-guard.js';
import { systemClock } from './clock.js';
import { registerErrorHandler } from './error-handler.js';
import type { SessionStore } from './sessions.js';
import './fastify-types.js';

// Declarations are checked while routes register; no request reaches the database here.
const guarded = () => {
  const app = Fastify();
  registerErrorHandler(app);
  registerAuthorityGuard(app, { db: {} as Db, clock: systemClock, sessions: {} as SessionStore });
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
});
