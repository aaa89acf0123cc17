/**
 * Answers of list pages kept as the text sent, keyed by the client's resources version (see
 * clients.resources_version): any change to the client's resources moves the version on, so a
 * kept answer is given again only while nothing it was built from can have changed. A page that
 * many people, or one page polling, ask for again is then one session lookup and a copy.
 *
 * Why it stays right: the version is read before the rows, so a kept answer is never older than
 * its version says, and a request that reads a newer version never finds it. Each instance keeps
 * its own answers, bounded by size.
 */
export interface ListCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
}

export function createListCache(maxBytes = 64 * 1024 * 1024): ListCache {
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, string>();
  let bytes = 0;
  const size = (key: string, body: string) => (key.length + body.length) * 2;
  return {
    get(key) {
      const body = entries.get(key);
      if (body !== undefined) {
        entries.delete(key);
        entries.set(key, body);
      }
      return body;
    },
    set(key, body) {
      // One answer may not push every other out (an "all" page of a very large list).
      if (size(key, body) > maxBytes / 4) return;
      const old = entries.get(key);
      if (old !== undefined) {
        bytes -= size(key, old);
        entries.delete(key);
      }
      entries.set(key, body);
      bytes += size(key, body);
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= size(k, v);
      }
    },
  };
}

/** The key of one list answer: the client, its version, the kind and the query in a fixed order. */
export function listCacheKey(clientId: string, version: number, type: string, query: object): string {
  const params = Object.entries(query)
    .filter(([key, value]) => key !== 't' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${clientId}:${version}:${type}:${JSON.stringify(params)}`;
}
