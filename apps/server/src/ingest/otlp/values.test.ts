import { describe, expect, it } from 'vitest';
import { createRng } from './testing/mutate-body';
import {
  getArray,
  readCount,
  readDouble,
  readEnum,
  readId,
  readInt64,
  readUnixNanoAsMs,
} from './values';

const longOf = (value: bigint, unsigned = true) => {
  const bits = BigInt.asUintN(64, value);
  return { low: Number(bits & 0xffffffffn) | 0, high: Number(bits >> 32n) | 0, unsigned };
};

describe('readUnixNanoAsMs', () => {
  it('is exact at millisecond boundaries for Longs and decimal strings', () => {
    const rng = createRng(7);
    for (let i = 0; i < 5000; i += 1) {
      const ms = BigInt(Math.floor(rng() * 4e12)); // up to year 2096
      const extra = i % 3 === 0 ? 0n : i % 3 === 1 ? 999_999n : BigInt(Math.floor(rng() * 1e6));
      const ns = ms * 1_000_000n + extra;
      expect(readUnixNanoAsMs(longOf(ns))).toBe(Number(ms));
      expect(readUnixNanoAsMs(ns.toString())).toBe(Number(ms));
    }
  });

  it.each([
    [undefined, 0],
    [null, 0],
    ['0', 0],
    ['999999', 0],
    [1_700_000_000_123_000_000, 1_700_000_000_123],
    [123_456_789, 123],
    ['18446744073709551615', 18_446_744_073_709],
  ])('%j → %j', (input, ms) => {
    expect(readUnixNanoAsMs(input)).toBe(ms);
  });

  it.each([
    ['-1'],
    ['1e18'],
    ['12a'],
    [''],
    [' 1'],
    ['18446744073709551616'],
    [-1],
    [1.5],
    [Number.NaN],
    [{}],
    [true],
    [[1]],
  ])('refuses %j', (input) => {
    expect(readUnixNanoAsMs(input)).toBeNull();
  });
});

describe('readInt64', () => {
  it('reads signed Longs, strings and numbers, keeping big values exact as strings', () => {
    expect(readInt64(longOf(-5n, false))).toBe(-5);
    expect(readInt64(longOf(2n ** 62n, false))).toBe('4611686018427387904');
    expect(readInt64(longOf(-(2n ** 62n), false))).toBe('-4611686018427387904');
    expect(readInt64(longOf(2n ** 63n + 1n, true))).toBe('9223372036854775809');
    expect(readInt64('-42')).toBe(-42);
    expect(readInt64('9007199254740993')).toBe('9007199254740993');
    expect(readInt64(7)).toBe(7);
    expect(readInt64(7.5)).toBeNull();
    expect(readInt64('7.5')).toBeNull();
    expect(readInt64(null)).toBeNull();
  });
});

describe('readDouble, readCount, readEnum', () => {
  it('accepts the JSON mapping spellings of doubles', () => {
    expect(readDouble('NaN')).toBeNaN();
    expect(readDouble('Infinity')).toBe(Infinity);
    expect(readDouble('-Infinity')).toBe(-Infinity);
    expect(readDouble('2.5')).toBe(2.5);
    expect(readDouble('abc')).toBeNull();
    expect(readDouble('')).toBeNull();
    expect(readDouble(false)).toBeNull();
  });

  it('reads counts and refuses negative ones', () => {
    expect(readCount('12')).toBe(12);
    expect(readCount(undefined)).toBe(0);
    expect(readCount('-1')).toBeNull();
  });

  it('reads enums by number or name', () => {
    const names = { A: 1, B: 2 };
    expect(readEnum(2, names)).toBe(2);
    expect(readEnum('B', names)).toBe(2);
    expect(readEnum('3', names)).toBe(3);
    expect(readEnum(undefined, names)).toBe(0);
    expect(readEnum('C', names)).toBeNull();
    expect(readEnum(1.5, names)).toBeNull();
  });
});

describe('readId', () => {
  const hex = '0102030405060708090a0b0c0d0e0f10';
  it.each([
    [Buffer.from(hex, 'hex'), 16, hex],
    [new Uint8Array(Buffer.from(hex, 'hex')), 16, hex],
    [hex.toUpperCase(), 16, hex],
    [Buffer.from(hex, 'hex').toString('base64'), 16, hex],
    ['', 16, ''],
    [undefined, 16, ''],
    [[], 16, ''],
    [Buffer.alloc(0), 16, ''],
    ['0'.repeat(32), 16, ''],
    [Buffer.alloc(8), 8, ''],
    ['0102030405060708', 8, '0102030405060708'],
  ] as const)('%j (%i bytes) → %j', (input, bytes, expected) => {
    expect(readId(input, bytes)).toBe(expected);
  });

  it.each([[hex.slice(2)], [`${hex}00`], ['z'.repeat(32)], [Buffer.alloc(15)], [12], [{}], [[1]]])(
    'refuses %j',
    (input) => {
      expect(readId(input, 16)).toBeNull();
    },
  );
});

describe('getArray', () => {
  it('treats absent as empty and a non-array as invalid', () => {
    expect(getArray({}, 'a', 'a_b')).toEqual([]);
    expect(getArray({ a_b: [1] }, 'a', 'a_b')).toEqual([1]);
    expect(getArray({ a: 'x' }, 'a', 'a_b')).toBeNull();
  });
});
