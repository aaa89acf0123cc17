import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same for the component's life and always runs the latest `fn`: for a
 * handler handed to memoised rows (a list's row actions), which should not draw every row again
 * because the handler's closure is new at each render. Call it from events, not while rendering.
 */
export function useEventCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
