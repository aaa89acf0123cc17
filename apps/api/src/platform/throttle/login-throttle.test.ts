import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/test-clock.js';
import { createLoginThrottle } from './login-throttle.js';
import { createMemoryThrottleStore } from './memory-store.js';
import { createRedisThrottleStore } from './redis-store.js';
import type { ThrottleStore } from './store.js';

const MINUTE = 60_000;

describe('login throttle (memory store)', () => {
  const clock = new TestClock();
  const throttle = createLoginThrottle(createMemoryThrottleStore(clock));

  it('locks the account name at the fifth failure for 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await throttle.failed('root:a@example.com', '1.1.1.1');
    expect(await throttle.retryAfter('root:a@example.com', '1.1.1.1')).toBe(0);
    await throttle.failed('root:A@example.com', '1.1.1.1');
    expect(await throttle.retryAfter('root:a@example.com', '2.2.2.2')).toBe(15 * MINUTE);
    clock.advance(15 * MINUTE);
    expect(await throttle.retryAfter('root:a@example.com', '2.2.2.2')).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 4; i++) await throttle.failed('root:b@example.com', '3.3.3.3');
    clock.advance(15 * MINUTE);
    await throttle.failed('root:b@example.com', '3.3.3.3');
    expect(await throttle.retryAfter('root:b@example.com', '3.3.3.3')).toBe(0);
  });
});

// The same contract against a real Redis when one is offered (CI and the developer machine).
describe.skipIf(!process.env.TEST_REDIS_URL)('throttle store (Redis)', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true });
  const prefix = `portal-test:${randomBytes(4).toString('hex')}:`;
  const store: ThrottleStore = createRedisThrottleStore(redis, prefix);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts within a window that the first hit starts', async () => {
    expect(await store.hit('k', 200)).toBe(1);
    expect(await store.hit('k', 200)).toBe(2);
    const ttl = await redis.pttl(`${prefix}count:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200);
    await store.clear('k');
    expect(await store.hit('k', 200)).toBe(1);
  });

  it('locks and reports the time left', async () => {
    expect(await store.lockedFor('l')).toBe(0);
    await store.lock('l', 60_000);
    const left = await store.lockedFor('l');
    expect(left).toBeGreaterThan(59_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it('drives the login throttle', async () => {
    const throttle = createLoginThrottle(store);
    for (let i = 0; i < 5; i++) await throttle.failed('root:c@example.com', '4.4.4.4');
    expect(await throttle.retryAfter('root:c@example.com', '5.5.5.5')).toBeGreaterThan(14 * MINUTE);
  });
});
