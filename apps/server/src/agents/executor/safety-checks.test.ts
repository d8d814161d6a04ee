import { describe, expect, it } from 'vitest';
import { withinBusinessHours } from './safety-checks';

const hours = { timezone: 'Europe/Paris', start: 9, end: 17, days: [1, 2, 3, 4, 5] };

describe('business hours', () => {
  it.each([
    // 2026-03-02 is a Monday; Paris is UTC+1 in March before the DST switch.
    ['2026-03-02T07:59:00Z', false], // 08:59 Paris
    ['2026-03-02T08:00:00Z', true], // 09:00 Paris
    ['2026-03-02T15:59:00Z', true], // 16:59 Paris
    ['2026-03-02T16:00:00Z', false], // 17:00 Paris
    ['2026-03-01T10:00:00Z', false], // Sunday
    ['2026-07-06T07:30:00Z', true], // Monday 09:30 Paris in summer time (UTC+2)
    ['2026-03-06T23:30:00Z', false], // Saturday 00:30 in Paris, still Friday in UTC
  ])('%s → %s', (iso, expected) => {
    expect(withinBusinessHours(Date.parse(iso), hours)).toBe(expected);
  });

  it('fails closed on an unknown time zone', () => {
    expect(
      withinBusinessHours(Date.parse('2026-03-02T10:00:00Z'), {
        ...hours,
        timezone: 'Mars/Olympus',
      }),
    ).toBe(false);
  });
});
