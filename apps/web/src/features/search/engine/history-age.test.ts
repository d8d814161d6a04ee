import { describe, expect, it } from 'vitest';
import { historyAge } from './history-age';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const MINUTE = 60_000;

describe('historyAge', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MINUTE, '1m ago'],
    [59 * MINUTE, '59m ago'],
    [60 * MINUTE, '1h ago'],
    [23 * 60 * MINUTE, '23h ago'],
    [24 * 60 * MINUTE, '1d ago'],
    [40 * 24 * 60 * MINUTE, '40d ago'],
  ])('%d ms old reads %s', (age, text) => {
    expect(historyAge(NOW - age, NOW)).toBe(text);
  });
});
