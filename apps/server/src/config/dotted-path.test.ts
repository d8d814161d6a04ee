import { describe, expect, it } from 'vitest';
import { defaultConfigValues } from './defaults';
import { flattenTree, getPath, getValue, unflattenValues } from './dotted-path';

describe('dotted paths', () => {
  it('round-trips the whole default config: flat -> tree -> flat', () => {
    const flat = defaultConfigValues();
    expect(flattenTree(unflattenValues(flat))).toEqual(flat);
  });

  it('round-trips a tree: tree -> flat -> tree', () => {
    const tree = { otel: { timeout_seconds: 2, synonym_groups: ['a,b'] }, server: { port: 8080 } };
    expect(unflattenValues(flattenTree(tree))).toEqual(tree);
    expect(flattenTree(tree)).toEqual({
      'otel.timeout_seconds': 2,
      'otel.synonym_groups': ['a,b'],
      'server.port': 8080,
    });
  });

  it('gets values and subtrees', () => {
    const flat = defaultConfigValues();
    expect(getValue(flat, 'server.port')).toBe(8080);
    expect(getValue(flat, 'agents.executor.matching')).toEqual({
      keyword_weight: 0.5,
      tag_weight: 0.3,
      description_weight: 0.2,
    });
    expect(getValue(flat, 'nope.nothing')).toBeUndefined();
    expect(getPath(unflattenValues(flat), 'rca.gemini.top_p')).toBe(0.1);
    expect(getPath(unflattenValues(flat), 'server.port.deeper')).toBeUndefined();
  });

  it('refuses a key that is both a value and a parent', () => {
    expect(() => unflattenValues({ a: 1, 'a.b': 2 })).toThrow(/collides/);
  });
});
