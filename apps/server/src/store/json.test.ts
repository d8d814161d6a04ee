import { describe, expect, it } from 'vitest';
import { canonicalJson } from './json';

describe('canonicalJson', () => {
  it.each([
    { name: 'key order', a: { b: 1, a: 2 }, b: { a: 2, b: 1 } },
    {
      name: 'nested key order',
      a: { x: { d: [1, { z: 1, y: 2 }], c: null } },
      b: { x: { c: null, d: [1, { y: 2, z: 1 }] } },
    },
    { name: 'undefined properties, as JSON drops them', a: { a: 1, b: undefined }, b: { a: 1 } },
  ])('ignores $name', ({ a, b }) => {
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('keeps array order and JSON escaping', () => {
    expect(canonicalJson({ list: [2, 1], text: 'a"b\n' })).toBe('{"list":[2,1],"text":"a\\"b\\n"}');
    expect(canonicalJson([undefined, null])).toBe('[null,null]');
  });

  it('agrees with JSON.parse of its own output', () => {
    const value = { b: [{ d: 1, c: 'x' }], a: { f: false, e: 1.5 } };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });
});
