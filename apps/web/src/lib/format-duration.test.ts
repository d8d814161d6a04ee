import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '0.0s'],
    [0.25, '0.3s'],
    [12.34, '12.3s'],
    [59.9, '59.9s'],
    [60, '1.0m'],
    [90, '1.5m'],
    [3_599, '60.0m'],
    [3_600, '1.0h'],
    [5_400, '1.5h'],
    [86_400, '24.0h'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, -1])('reads N/A for %s', (seconds) => {
    expect(formatDuration(seconds)).toBe('N/A');
  });
});
