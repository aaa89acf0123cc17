import type { Clock } from '../clock.js';
import type { ThrottleStore } from './store.js';

/** Past this many keys the expired ones are swept, so a spray of account names cannot grow memory forever. */
const SWEEP_AT = 10_000;

/** Counters in this process, on the given clock (tests move it to see locks end). */
export function createMemoryThrottleStore(clock: Clock): ThrottleStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const locks = new Map<string, number>();
  const now = () => clock.now().getTime();

  const sweep = () => {
    const t = now();
    for (const [k, v] of counters) if (v.resetAt <= t) counters.delete(k);
    for (const [k, until] of locks) if (until <= t) locks.delete(k);
  };

  return {
    async hit(key, windowMs) {
      if (counters.size >= SWEEP_AT) sweep();
      const t = now();
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= t) {
        counters.set(key, { count: 1, resetAt: t + windowMs });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    async clear(key) {
      counters.delete(key);
    },
    async lock(key, ms) {
      if (locks.size >= SWEEP_AT) sweep();
      locks.set(key, now() + ms);
    },
    async lockedFor(key) {
      const until = locks.get(key);
      return until === undefined ? 0 : Math.max(0, until - now());
    },
  };
}
