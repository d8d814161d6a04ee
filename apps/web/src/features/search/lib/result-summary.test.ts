import { describe, expect, it } from 'vitest';
import { resultCountText, visibleTags } from './result-summary';

describe('resultCountText', () => {
  it.each([
    [1, 0.42, '1 result (0.4 ms)'],
    [12, 3.456, '12 results (3.5 ms)'],
    [0, 12.6, '0 results (13 ms)'],
  ])('%d in %d ms → %s', (count, ms, text) => {
    expect(resultCountText(count, ms)).toBe(text);
  });
});

describe('visibleTags', () => {
  it("shows 2 tags and counts the rest for '+N more'", () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ tags: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ tags: ['a'], more: 0 });
  });
});
