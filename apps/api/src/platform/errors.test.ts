import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { AppError, isUniqueViolation, refusalOf } from './errors.js';

/** A driver's error as Drizzle throws it: its own, with the driver's (SQLSTATE in `code`) as the cause. */
const failedQuery = (code: string) =>
  new DrizzleQueryError('insert into "resource_tags" ...', [], Object.assign(new Error('refused'), { code }));

describe('a change that met another in the database (decision 0025)', () => {
  it('is a 409 CONFLICT: a unique index, a deadlock or a serialization failure', () => {
    for (const code of ['23505', '40P01', '40001']) {
      expect(refusalOf(failedQuery(code))).toMatchObject({ status: 409, code: 'CONFLICT' });
    }
    const refusal = new AppError(400, 'VM_FIREWALLS_LIMIT');
    expect(refusalOf(refusal)).toBe(refusal);
    // Other faults stay ours: a broken query, a lost connection.
    expect(refusalOf(failedQuery('42703'))).toBeNull();
    expect(refusalOf(Object.assign(new Error('gone'), { code: 'ECONNRESET' }))).toBeNull();
    expect(isUniqueViolation(failedQuery('23505'))).toBe(true);
    expect(isUniqueViolation(failedQuery('40P01'))).toBe(false);
  });

  it('is answered 409 by the error path, never 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/race', async () => {
      throw failedQuery('23505');
    });
    const response = await app.inject({ method: 'GET', url: '/race' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ msg: 'CONFLICT' });
    await app.close();
  });
});
