import type { Redis } from 'ioredis';
import type { ThrottleStore } from './store.js';

/** Counters in Redis, shared by every API instance; Redis expiry does the forgetting. */
export function createRedisThrottleStore(redis: Redis, prefix = 'portal:throttle:'): ThrottleStore {
  const countKey = (key: string) => `${prefix}count:${key}`;
  const lockKey = (key: string) => `${prefix}lock:${key}`;
  return {
    async hit(key, windowMs) {
      // NX: only the first hit starts the window; later hits must not push it back.
      const result = await redis.multi().incr(countKey(key)).pexpire(countKey(key), windowMs, 'NX').exec();
      const [error, count] = result?.[0] ?? [new Error('Redis transaction aborted'), 0];
      if (error) throw error;
      return Number(count);
    },
    async clear(key) {
      await redis.del(countKey(key));
    },
    async lock(key, ms) {
      await redis.set(lockKey(key), '1', 'PX', ms);
    },
    async lockedFor(key) {
      const ttl = await redis.pttl(lockKey(key));
      return ttl > 0 ? ttl : 0;
    },
  };
}
