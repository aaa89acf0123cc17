/**
 * Calls within `ms` of the last real call get that call's promise instead of starting another
 * (the product menu opens on hover and click; spec section 7 throttles it to 200 ms).
 */
export function throttleAsync<T>(fn: () => Promise<T>, ms: number): () => Promise<T> {
  let last: { at: number; promise: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < ms) return last.promise;
    last = { at: now, promise: fn() };
    return last.promise;
  };
}
