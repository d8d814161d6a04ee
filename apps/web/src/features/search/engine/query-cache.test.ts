import { describe, expect, it } from 'vitest';
import { QUERY_CACHE_SIZE, createQueryCache } from './query-cache';

describe('createQueryCache', () => {
  it('keeps 100 queries and evicts the oldest first', () => {
    const cache = createQueryCache<number>();
    for (let index = 0; index <= QUERY_CACHE_SIZE; index += 1) cache.set(`q${index}`, index);
    expect(cache.size).toBe(QUERY_CACHE_SIZE);
    expect(cache.get('q0')).toBeUndefined();
    expect(cache.get('q1')).toBe(1);
    expect(cache.get(`q${QUERY_CACHE_SIZE}`)).toBe(QUERY_CACHE_SIZE);
  });

  it('stores a query again as the newest', () => {
    const cache = createQueryCache<string>(2);
    cache.set('a', 'first');
    cache.set('b', 'b');
    cache.set('a', 'again');
    cache.set('c', 'c');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('again');
  });

  it('clears', () => {
    const cache = createQueryCache<number>();
    cache.set('a', 1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
