/**
 * Work under one key runs one at a time, in the order it was asked, whether the one before
 * succeeded or failed; work under other keys runs beside it. A key is forgotten once its queue is
 * empty.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return next;
  };
}
