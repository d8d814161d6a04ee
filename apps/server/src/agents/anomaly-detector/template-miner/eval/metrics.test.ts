import { describe, expect, it } from 'vitest';
import { groupF1, groupingAccuracy, normaliseTemplate, parsingAccuracy } from './metrics';

describe('normaliseTemplate', () => {
  it.each([
    ['  a   b\tc ', 'a b c'],
    ['x <*><*><*> y', 'x <*> y'],
    ['x <*> <*> y', 'x <*> <*> y'],
    ['<*>.<*>', '<*>.<*>'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseTemplate(input)).toBe(expected);
  });
});

describe('groupingAccuracy', () => {
  it('counts only lines whose whole group is reproduced', () => {
    // Truth groups: A = {0,1}, B = {2,3}, C = {4}. Mined: {0,1} exact; B split; C merged with 3.
    const truth = ['A', 'A', 'B', 'B', 'C'];
    const mined = ['x', 'x', 'y', 'z', 'z'];
    expect(groupingAccuracy(truth, mined)).toBeCloseTo(2 / 5);
  });

  it('ignores how mined groups are named', () => {
    expect(groupingAccuracy(['A', 'B', 'A'], ['2', '1', '2'])).toBe(1);
  });

  it('is 0 for a mined group that is a strict superset', () => {
    expect(groupingAccuracy(['A', 'B'], ['x', 'x'])).toBe(0);
  });

  it('throws when the arrays differ in length', () => {
    expect(() => groupingAccuracy(['A'], [])).toThrow(/differ/);
  });
});

describe('parsingAccuracy', () => {
  it('compares normalised template texts line by line', () => {
    const truth = ['a <*> b', 'c  <*>', 'd <*>'];
    const mined = ['a <*><*> b', 'c <*>', 'd e'];
    expect(parsingAccuracy(truth, mined)).toBeCloseTo(2 / 3);
  });
});

describe('groupF1', () => {
  it('computes PGA, RGA and their harmonic mean', () => {
    // Truth groups A, B, C; mined groups x, y, z, w; only A = x is exact (B and C are split).
    const truth = ['A', 'A', 'B', 'B', 'C', 'C'];
    const mined = ['x', 'x', 'y', 'z', 'w', 'y'];
    const result = groupF1(truth, mined);
    expect(result.precision).toBeCloseTo(1 / 4);
    expect(result.recall).toBeCloseTo(1 / 3);
    expect(result.f1).toBeCloseTo((2 * (1 / 4) * (1 / 3)) / (1 / 4 + 1 / 3));
    expect(result).toMatchObject({ minedGroups: 4, truthGroups: 3 });
  });

  it('is 0 when nothing matches', () => {
    expect(groupF1(['A', 'A'], ['x', 'y']).f1).toBe(0);
  });
});
