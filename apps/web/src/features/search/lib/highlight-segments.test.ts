import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-segments';

describe('highlightSegments', () => {
  it('cuts the text into plain and matched pieces', () => {
    expect(
      highlightSegments('orders-db down', [
        [0, 5],
        [10, 13],
      ]),
    ).toEqual([
      { text: 'orders', matched: true },
      { text: '-db ', matched: false },
      { text: 'down', matched: true },
    ]);
  });

  it('merges overlaps, sorts and clips ranges', () => {
    expect(
      highlightSegments('abcdef', [
        [3, 10],
        [1, 2],
        [2, 3],
      ]),
    ).toEqual([
      { text: 'a', matched: false },
      { text: 'bcdef', matched: true },
    ]);
  });

  it('answers the whole text unmarked without ranges', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', matched: false }]);
  });
});
