import { describe, expect, it } from 'vitest';
import { createListCache, listCacheKey } from './list-cache.js';

describe('list cache', () => {
  it('keys by client, version, kind and query in a fixed order, ignoring the cache buster', () => {
    expect(listCacheKey('c', 3, 'vms', { limit: 10, page: 0, t: 1 })).toBe(
      listCacheKey('c', 3, 'vms', { page: 0, limit: 10, t: 2 }),
    );
    expect(listCacheKey('c', 3, 'vms', { page: 0 })).not.toBe(listCacheKey('c', 4, 'vms', { page: 0 }));
    expect(listCacheKey('c', 3, 'vms', { page: 0 })).not.toBe(listCacheKey('c', 3, 'disks', { page: 0 }));
  });

  it('drops the least recently used answers past its size, and never keeps a huge one', () => {
    const cache = createListCache(200);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', 'x'.repeat(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('huge', 'x'.repeat(200));
    expect(cache.get('huge')).toBeUndefined();
  });
});
