import type { ThrottleStore } from './store.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

interface ThrottleLimit {
  /** Failures allowed within the window; the last of them sets the lock. */
  max: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Five wrong passwords for one account in 15 minutes lock that account name for 15 minutes; twenty
 * from one address lock the address. Account names are counted whether or not the account exists,
 * so the lock cannot be used to learn which accounts exist.
 */
export const LOGIN_FAILURES_PER_ADDRESS = 20;

const loginLimits = (perAddress: number): { account: ThrottleLimit; address: ThrottleLimit } => ({
  account: { max: 5, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES },
  address: { max: perAddress, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES },
});

export interface LoginThrottle {
  /** Milliseconds until this account name and address may try again; 0 when they may now. */
  retryAfter(account: string, address: string): Promise<number>;
  failed(account: string, address: string): Promise<void>;
  /** A right password clears the account's count (the address's stays). */
  succeeded(account: string): Promise<void>;
}

/** `perAddress` is raised only where many people share one address (an office NAT, a test run). */
export function createLoginThrottle(
  store: ThrottleStore,
  perAddress = LOGIN_FAILURES_PER_ADDRESS,
): LoginThrottle {
  const limits = loginLimits(perAddress);
  const keys = (account: string, address: string) =>
    [
      [`login:account:${account.toLowerCase()}`, limits.account],
      [`login:address:${address}`, limits.address],
    ] as const;

  return {
    async retryAfter(account, address) {
      const waits = await Promise.all(keys(account, address).map(([key]) => store.lockedFor(key)));
      return Math.max(...waits);
    },
    async failed(account, address) {
      for (const [key, limit] of keys(account, address)) {
        if ((await store.hit(key, limit.windowMs)) >= limit.max) {
          await store.lock(key, limit.lockMs);
          await store.clear(key);
        }
      }
    },
    async succeeded(account) {
      await store.clear(`login:account:${account.toLowerCase()}`);
    },
  };
}
