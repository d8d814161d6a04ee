import { describe, expect, it } from 'vitest';
import { bitapSearch, characterBuckets, compilePattern, fewestEdits, mayMatch } from './bitap';

describe('compilePattern', () => {
  it.each([
    ['c', 0],
    ['co', 0],
    ['con', 1],
    ['conne', 2],
    ['connection', 4],
    ['connection refused', 7],
  ])('%s allows %d errors (i / length ≤ 0.4)', (pattern, errors) => {
    expect(compilePattern(pattern).maxErrors).toBe(errors);
  });
});

describe('fewestEdits', () => {
  it.each([
    ['connection refused by db', 'refused', 0],
    ['connection refused by db', 'refsued', 2],
    ['connection refused by db', 'refuzed', 1],
    ['connection refused by db', 'qqqq', 4],
    ['', 'abc', 3],
  ])('%j against %j → %d', (text, pattern, edits) => {
    expect(fewestEdits(text, compilePattern(pattern))).toBe(edits);
  });
});

describe('mayMatch', () => {
  it('rules a text out when more pattern characters are absent than errors allowed', () => {
    const pattern = compilePattern('timeout');
    const [low, high] = characterBuckets('disk full');
    expect(mayMatch(pattern, low, high)).toBe(false);
    const [okLow, okHigh] = characterBuckets('time out');
    expect(mayMatch(pattern, okLow, okHigh)).toBe(true);
  });
});

describe('bitapSearch', () => {
  it('scores an exact occurrence 0.001 and marks runs of pattern characters', () => {
    const ranges: Array<[number, number]> = [];
    expect(bitapSearch('db timeout now', compilePattern('timeout'), ranges)).toMatchObject({
      score: 0.001,
      bestLocation: 3,
    });
    expect(ranges).toEqual([[3, 9]]);
  });

  it('scores a fuzzy match errors / length', () => {
    expect(bitapSearch('db timeout now', compilePattern('timout'))?.score).toBeCloseTo(1 / 6);
  });

  it('answers null past the threshold or without a run of 2 matched characters', () => {
    expect(bitapSearch('disk full', compilePattern('timeout'))).toBeNull();
    expect(bitapSearch('axbxc', compilePattern('abc'))).toBeNull();
  });
});
