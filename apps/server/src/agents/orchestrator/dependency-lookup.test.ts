import { describe, expect, it } from 'vitest';
import { createDependencyLookup, createNormalisedSetView } from './dependency-lookup';

describe('createDependencyLookup', () => {
  it('answers a calls b from the edges, normalising names, and follows edge changes', () => {
    let edges = [{ from: 'orders', to: 'postgres' }];
    const dependsOn = createDependencyLookup(
      () => edges,
      (name) => name.toLowerCase(),
    );
    expect(dependsOn('Orders', 'POSTGRES')).toBe(true);
    expect(dependsOn('postgres', 'orders')).toBe(false);
    edges = [{ from: 'postgres', to: 'orders' }];
    expect(dependsOn('postgres', 'orders')).toBe(true);
  });
});

describe('createNormalisedSetView', () => {
  it('keeps the same set until the source changes', () => {
    let source: ReadonlySet<string> = new Set(['Orders']);
    const view = createNormalisedSetView(
      () => source,
      (name) => name.toLowerCase(),
    );
    const first = view();
    expect([...first]).toEqual(['orders']);
    expect(view()).toBe(first);
    source = new Set(['Cart']);
    expect([...view()]).toEqual(['cart']);
  });
});
