import { describe, expect, it } from 'vitest';
import type { MatchHit } from './matcher';
import { RESULT_LIMIT, rankHits, scorePercent } from './ranker';
import { makeItem } from './search-item-factory';

const hit = (distance: number, overrides: Partial<MatchHit> = {}): MatchHit => ({
  item: makeItem(),
  distance,
  matches: [],
  ...overrides,
});

describe('scorePercent', () => {
  it.each([
    [0, 100],
    [0.25, 75],
    [0.004, 100],
    [0.3333, 67],
    [1, 0],
  ])('distance %d shows %d%%', (distance, percent) => {
    expect(scorePercent(distance)).toBe(percent);
  });
});

describe('rankHits', () => {
  it('puts the best score first and keeps the index order on ties', () => {
    const [a, b, c] = [hit(0.3), hit(0.1), hit(0.3)];
    expect(rankHits([a!, b!, c!]).map((result) => result.item.id)).toEqual([
      b!.item.id,
      a!.item.id,
      c!.item.id,
    ]);
  });

  it('returns at most 50 results', () => {
    const hits = Array.from({ length: 100 }, (_, index) => hit(index / 100));
    expect(rankHits(hits)).toHaveLength(RESULT_LIMIT);
  });

  it('lists the matched fields in the spec order, once each', () => {
    const [result] = rankHits([
      hit(0.1, {
        matches: [
          { field: 'tags', value: 'db', ranges: [[0, 1]] },
          { field: 'title', value: 'db down', ranges: [[0, 1]] },
          { field: 'tags', value: 'dba', ranges: [[0, 1]] },
        ],
      }),
    ]);
    expect(result?.matchedFields).toEqual(['title', 'tags']);
    expect(result?.scorePercent).toBe(90);
  });
});
