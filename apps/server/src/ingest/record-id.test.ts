import { describe, expect, it } from 'vitest';
import { IdHasher } from './record-id';

const id = (...parts: Array<string | number>): string => {
  const hasher = new IdHasher();
  for (const part of parts) {
    if (typeof part === 'string') hasher.add(part);
    else hasher.addNumber(part);
  }
  return hasher.digest();
};

describe('IdHasher', () => {
  it('is stable and 32 lowercase hex characters', () => {
    expect(id('a', 1)).toMatch(/^[0-9a-f]{32}$/);
    expect(id('a', 1)).toBe(id('a', 1));
    expect(new IdHasher().add('x').digest()).toBe(
      new IdHasher().add('y').reset().add('x').digest(),
    );
  });

  it('separates parts and distinguishes near-identical inputs', () => {
    expect(id('ab', 'c')).not.toBe(id('a', 'bc'));
    expect(id('')).not.toBe(id());
    expect(id(1_700_000_000_123)).not.toBe(id(1_700_000_000_124));
    expect(id(2 ** 40)).not.toBe(id(0));
  });

  it('has no collisions over 200,000 similar records', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i += 1)
      seen.add(id('seed', 0, 0, i, 1_700_000_000_000 + (i % 7), `user ${i % 1000} logged in`));
    expect(seen.size).toBe(200_000);
  });

  it('changes about half the output bits when one input character changes', () => {
    const a = BigInt(`0x${id('payment failed for order 1')}`);
    const b = BigInt(`0x${id('payment failed for order 2')}`);
    const differing = (a ^ b)
      .toString(2)
      .split('')
      .filter((bit) => bit === '1').length;
    expect(differing).toBeGreaterThan(40);
    expect(differing).toBeLessThan(88);
  });
});
