import { describe, expect, it } from 'vitest';
import { displayDescription, formatDateTime, stripLeadingTimestamp } from './format';

describe('stripLeadingTimestamp', () => {
  it.each([
    ['2025-06-15T10:30:00Z Connection refused', 'Connection refused'],
    ['2025-06-15T10:30:00.123Z - Connection refused', 'Connection refused'],
    ['2025-06-15T10:30:00.123456+02:00: Connection refused', 'Connection refused'],
    ['2025-06-15 10:30:00,123 ERROR pool exhausted', 'ERROR pool exhausted'],
    ['[2025-06-15T10:30:00Z] disk full', 'disk full'],
    ['  2025-06-15T10:30 | timeout', 'timeout'],
    ['Connection refused at 2025-06-15T10:30:00Z', 'Connection refused at 2025-06-15T10:30:00Z'],
    ['2025 was a good year', '2025 was a good year'],
    ['', ''],
  ])('%j becomes %j', (input, output) => {
    expect(stripLeadingTimestamp(input)).toBe(output);
  });
});

describe('displayDescription', () => {
  it('strips the timestamp', () => {
    expect(displayDescription('2025-06-15T10:30:00Z  Out of memory ')).toBe('Out of memory');
  });

  it.each([null, undefined, '', '   ', '2025-06-15T10:30:00Z'])('falls back for %j', (input) => {
    expect(displayDescription(input)).toBe('No description available');
  });

  it('takes a custom fallback', () => {
    expect(displayDescription('', 'Anomaly Detected')).toBe('Anomaly Detected');
  });
});

describe('formatDateTime', () => {
  const utc = { locale: 'en-US', timeZone: 'UTC' };

  it('formats ISO strings, epoch millis and dates', () => {
    const expected = 'Jun 15, 2025, 10:30:00 AM';
    expect(formatDateTime('2025-06-15T10:30:00Z', utc)).toBe(expected);
    expect(formatDateTime(Date.parse('2025-06-15T10:30:00Z'), utc)).toBe(expected);
    expect(formatDateTime(new Date('2025-06-15T10:30:00Z'), utc)).toBe(expected);
  });

  it.each([null, undefined, '', 'yesterday-ish', Number.NaN])(
    'reads %j as Unknown time',
    (value) => {
      expect(formatDateTime(value, utc)).toBe('Unknown time');
    },
  );
});
