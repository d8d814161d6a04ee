import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (millis: number): number => NOW - millis;

describe('relativeTime', () => {
  it.each([
    [0, 'Just now', 'Just now'],
    [59 * SECOND, 'Just now', 'Just now'],
    [MINUTE, '1 minute ago', '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59 minutes ago', '59m ago'],
    [HOUR, '1 hour ago', '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago', '23h ago'],
    [DAY, '1 day ago', '1d ago'],
    [6 * DAY + 23 * HOUR, '6 days ago', '6d ago'],
    [7 * DAY, '1 week ago', '1w ago'],
    [27 * DAY, '3 weeks ago', '3w ago'],
    [28 * DAY, '1 month ago', '1mo ago'],
    [59 * DAY, '1 month ago', '1mo ago'],
    [60 * DAY, '2 months ago', '2mo ago'],
    [359 * DAY, '11 months ago', '11mo ago'],
    [362 * DAY, '1 year ago', '1y ago'],
    [365 * DAY, '1 year ago', '1y ago'],
    [3 * 365 * DAY, '3 years ago', '3y ago'],
  ])('%i ms ago reads %j (short %j)', (age, long, short) => {
    expect(relativeTime(ago(age), NOW, 'long')).toBe(long);
    expect(relativeTime(ago(age), NOW, 'short')).toBe(short);
  });

  it('accepts ISO strings and Date objects', () => {
    expect(relativeTime('2025-06-15T10:00:00Z', new Date(NOW))).toBe('2 hours ago');
    expect(relativeTime(new Date(ago(3 * DAY)), NOW)).toBe('3 days ago');
  });

  it('reads a future time (clock skew) as just now', () => {
    expect(relativeTime(NOW + 5 * MINUTE, NOW)).toBe('Just now');
  });

  it('reads an unparseable time as unknown', () => {
    expect(relativeTime('not a date', NOW)).toBe('Unknown time');
  });
});
