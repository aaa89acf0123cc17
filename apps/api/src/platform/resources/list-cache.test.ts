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
    // Each entry weighs (1 + 10) × 2 = 22 bytes; four fill 88.
    const cache = createListCache(88);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 'x'.repeat(10));
    expect(cache.get('a')).toBeDefined();
    cache.set('e', 'x'.repeat(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
    // More than a quarter of the whole: not kept.
    cache.set('f', 'x'.repeat(20));
    expect(cache.get('f')).toBeUndefined();
  });
});
