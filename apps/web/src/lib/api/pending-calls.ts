import { createStore } from '../store';

/** The number of tracked calls in flight; the loading overlay shows while it is above zero. */
export const pendingCalls = createStore(0);

export function trackCall<T>(promise: Promise<T>): Promise<T> {
  pendingCalls.set((n) => n + 1);
  return promise.finally(() => pendingCalls.set((n) => n - 1));
}
