import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { registerAuthorityGuard } from './authority-guard.js';
import type { SessionStore } from './sessions.js';
import './fastify-types.js';

// Declarations are checked while routes register; no request reaches the database here.
const guarded = () => {
  const app = Fastify();
  registerAuthorityGuard(app, { db: {} as Db, sessions: {} as SessionStore });
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

  it('accept a path, SIGNED_IN or null, and leave non-API routes alone', async () => {
    const app = guarded();
    app.get('/api/a', { config: { authority: 'compute/vm' } }, async () => 'a');
    app.get('/api/b', { config: { authority: '' } }, async () => 'b');
    app.get('/api/c', { config: { authority: null } }, async () => 'c');
    app.get('/somewhere', async () => 'page');
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject('/api/c')).body).toBe('c');
    expect((await app.inject('/somewhere')).body).toBe('page');
  });
});
