import { describe, expect, it } from 'vitest';
import { anyValueToString, toAttributes } from './any-value';
import { DEFAULT_LIMITS, TRUNCATED_MARK } from './limits';

const kv = (key: string, value: unknown) => ({ key, value });
const nest = (depth: number): unknown => {
  let value: unknown = { stringValue: 'leaf' };
  for (let i = 0; i < depth; i += 1)
    value = { kvlistValue: { values: [kv(`k${depth - i}`, value)] } };
  return value;
};

describe('toAttributes', () => {
  it('flattens nested kvlists into dotted keys and arrays into JSON', () => {
    const attributes = toAttributes(
      [
        kv('a', {
          kvlistValue: {
            values: [
              kv('b', { kvlistValue: { values: [kv('c', { intValue: '1' })] } }),
              kv('d', { boolValue: true }),
            ],
          },
        }),
        kv('list', {
          arrayValue: {
            values: [
              { stringValue: 'x' },
              { kvlistValue: { values: [kv('y', { doubleValue: 2 })] } },
            ],
          },
        }),
        kv('empty', {}),
        kv('nan', { doubleValue: 'NaN' }),
        kv('big', { intValue: '9223372036854775807' }),
        kv('bytes', { bytesValue: Buffer.from([1, 2, 3]) }),
      ],
      DEFAULT_LIMITS,
    );
    expect(attributes).toEqual({
      'a.b.c': 1,
      'a.d': true,
      list: '["x",{"y":2}]',
      empty: null,
      nan: 'NaN',
      big: '9223372036854775807',
      bytes: 'AQID',
    });
  });

  it('skips malformed entries instead of failing', () => {
    expect(
      toAttributes(
        [null, 5, { key: 7 }, { value: {} }, kv('ok', { stringValue: 'y' })],
        DEFAULT_LIMITS,
      ),
    ).toEqual({ ok: 'y' });
    expect(toAttributes('not a list', DEFAULT_LIMITS)).toEqual({});
  });

  it('truncates a huge attribute value instead of storing it whole', () => {
    const huge = 'x'.repeat(5_000_000);
    const attributes = toAttributes(
      [
        kv('huge', { stringValue: huge }),
        kv('list', { arrayValue: { values: [{ stringValue: huge }] } }),
      ],
      DEFAULT_LIMITS,
    );
    expect(attributes['huge']).toBe(
      'x'.repeat(DEFAULT_LIMITS.attributeValueLength) + TRUNCATED_MARK,
    );
    expect(String(attributes['list']).length).toBe(
      DEFAULT_LIMITS.attributeValueLength + TRUNCATED_MARK.length,
    );
  });

  it('keeps at most attributeCount attributes', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => kv(`k${i}`, { intValue: i }));
    expect(Object.keys(toAttributes(many, DEFAULT_LIMITS))).toHaveLength(
      DEFAULT_LIMITS.attributeCount,
    );
  });

  it('stops flattening at the depth limit, and survives nesting far past it', () => {
    const limits = { ...DEFAULT_LIMITS, depth: 3 };
    expect(toAttributes([kv('k0', nest(5))], limits)).toEqual({ 'k0.k1.k2.k3': '[too deep]' });
    expect(toAttributes([kv('k0', nest(2))], limits)).toEqual({ 'k0.k1.k2': 'leaf' });
    expect(() => toAttributes([kv('deep', nest(50_000))], DEFAULT_LIMITS)).not.toThrow();
  });
});

describe('anyValueToString', () => {
  it('truncates long bodies and caps nesting', () => {
    expect(
      anyValueToString({ stringValue: 'y'.repeat(100) }, { ...DEFAULT_LIMITS, bodyLength: 10 }),
    ).toBe(`${'y'.repeat(10)}${TRUNCATED_MARK}`);
    expect(anyValueToString(nest(3), { ...DEFAULT_LIMITS, depth: 2 })).toBe(
      '{"k1":{"k2":"[too deep]"}}',
    );
  });

  it('reads snake_case members', () => {
    expect(anyValueToString({ int_value: '5' }, DEFAULT_LIMITS)).toBe('5');
    expect(
      anyValueToString(
        { kvlist_value: { values: [kv('a', { string_value: 'b' })] } },
        DEFAULT_LIMITS,
      ),
    ).toBe('{"a":"b"}');
  });
});
