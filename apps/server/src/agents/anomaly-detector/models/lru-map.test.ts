import { describe, expect, it } from 'vitest';
import { createLruMap } from './lru-map';

describe('createLruMap', () => {
  it('never holds more than its capacity', () => {
    const map = createLruMap<string, number>(3);
    for (let i = 0; i < 10; i += 1) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
    expect([...map.entries()].map(([key]) => key)).toEqual(['k7', 'k8', 'k9']);
  });

  it('keeps a key that was read since it was stored (second chance)', () => {
    const map = createLruMap<string, number>(3);
    map.set('hot', 1);
    map.set('a', 2);
    map.set('b', 3);
    map.get('hot');
    map.set('c', 4);
    expect(map.has('hot')).toBe(true);
    expect(map.has('a')).toBe(false);
  });

  it('peek does not count as a use', () => {
    const map = createLruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(false);
  });

  it('overwrites in place and supports delete and clear', () => {
    const map = createLruMap<string, number>(2);
    map.set('a', 1);
    map.set('a', 5);
    expect(map.get('a')).toBe(5);
    expect(map.delete('a')).toBe(true);
    map.set('b', 1);
    map.clear();
    expect(map.size).toBe(0);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => createLruMap(0)).toThrow(RangeError);
    expect(() => createLruMap(1.5)).toThrow(RangeError);
  });
});
