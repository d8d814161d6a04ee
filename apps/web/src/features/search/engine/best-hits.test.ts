import { describe, expect, it } from 'vitest';
import { bestHits } from './best-hits';

describe('bestHits', () => {
  it('keeps the lowest scores, ties by position, best first — as a full sort would', () => {
    let state = 3;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const entries = Array.from({ length: 1_000 }, (_, position) => ({
      position,
      score: Math.floor(random() * 50) / 50,
    }));
    const sorted = [...entries].sort((a, b) => a.score - b.score || a.position - b.position);
    expect(bestHits(entries, 100)).toEqual(sorted.slice(0, 100));
    expect(bestHits(entries.slice(0, 10), 100)).toEqual(
      sorted.filter((entry) => entry.position < 10),
    );
    expect(bestHits(entries, 0)).toEqual([]);
  });
});
