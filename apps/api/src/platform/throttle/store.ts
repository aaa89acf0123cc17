/**
 * Counters and locks with expiry, in memory for one instance or in Redis for many. The sign-in
 * throttle is written against this, not against either store.
 */
export interface ThrottleStore {
  /** Count one more under `key`; the count starts over `windowMs` after its first hit. Returns the count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Forget the count of `key`. */
  clear(key: string): Promise<void>;
  /** Lock `key` for `ms`. */
  lock(key: string, ms: number): Promise<void>;
  /** Milliseconds left on the lock of `key`; 0 when it is not locked. */
  lockedFor(key: string): Promise<number>;
}
