import { describe, expect, it } from 'vitest';
import { successRateText } from './success-rate';

describe('successRateText', () => {
  it.each([
    [undefined, 'No finished runs yet'],
    [{ runs: 0, successes: 0 }, 'No finished runs yet'],
    [{ runs: 1, successes: 1 }, 'Success rate 100.0% (1 of 1 run)'],
    [{ runs: 3, successes: 2 }, 'Success rate 66.7% (2 of 3 runs)'],
  ])('%j reads %j', (counts, text) => {
    expect(successRateText(counts)).toBe(text);
  });
});
