import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createReadiness } from '../../platform/readiness.js';
import { healthRoutes } from './routes.js';

/** The health routes alone, on a database whose answer the test decides. */
async function healthApp(ping: () => Promise<void>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const readiness = createReadiness();
  await app.register(healthRoutes, { db: {} as Db, ping, readiness });
  return { app, readiness };
}

describe('readiness', () => {
  it('is 503 when the database refuses or does not answer within 2 s, while liveness stays 200', async () => {
    const refused = await healthApp(() => Promise.reject(new Error('connection refused')));
    const ready = await refused.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ data: { status: 'databaseUnreachable' } });
    expect((await refused.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

    const silent = await healthApp(() => new Promise(() => {}));
    const startedAt = Date.now();
    const late = await silent.app.inject({ url: '/api/health/ready' });
    expect(late.statusCode).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });

  it('says draining before it asks the database', async () => {
    const { app, readiness } = await healthApp(() => Promise.resolve());
    expect((await app.inject({ url: '/api/health/ready' })).json()).toEqual({ data: { status: 'ready' } });
    readiness.drain();
    const draining = await app.inject({ url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ data: { status: 'draining' } });
  });
});
