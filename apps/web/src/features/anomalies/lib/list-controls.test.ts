import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  INITIAL_TIME_FILTER,
  PAGE_SIZES,
  TIME_FILTER_OPTIONS,
  matchesSearch,
  matchesSeverity,
  pageLabel,
  toPageSize,
  toSeverityFilter,
  toTimeFilter,
  totalLabel,
} from './list-controls';

describe('time filters', () => {
  it('offers every spec option in order, labelled like "Last 1 hour"', () => {
    expect(TIME_FILTER_OPTIONS.map((option) => option.value)).toEqual([
      '1h',
      '2h',
      '6h',
      '12h',
      '24h',
      '7d',
      '30d',
      '1w',
      '1m',
      '3m',
      'all',
    ]);
    expect(TIME_FILTER_OPTIONS[0]).toEqual({ value: '1h', label: 'Last 1 hour' });
    expect(TIME_FILTER_OPTIONS.find((option) => option.value === '7d')?.label).toBe('Last 7 days');
  });

  it('starts the page on all and falls back to 24h for unknown values', () => {
    expect(INITIAL_TIME_FILTER).toBe('all');
    expect(toTimeFilter('3m')).toBe('3m');
    expect(toTimeFilter('5y')).toBe('24h');
  });
});

describe('page sizes', () => {
  it('are 25, 50, 100, 250 with 100 by default', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100, 250]);
    expect(DEFAULT_PAGE_SIZE).toBe(100);
    expect(toPageSize('250')).toBe(250);
    expect(toPageSize('30')).toBe(100);
  });
});

describe('matchesSeverity', () => {
  it.each([
    ['critical', 'high', true],
    ['high', 'high', true],
    ['medium', 'high', false],
    ['critical', 'medium', false],
    ['medium', 'medium', true],
    ['low', 'low', true],
    ['HIGH', 'high', true],
    ['low', 'all', true],
    ['whatever', 'all', true],
    ['whatever', 'low', false],
  ] as const)('%s under %s: %s', (severity, filter, expected) => {
    expect(matchesSeverity(severity, filter)).toBe(expected);
  });

  it('reads the select value safely', () => {
    expect(toSeverityFilter('high')).toBe('high');
    expect(toSeverityFilter('nonsense')).toBe('all');
  });
});

describe('matchesSearch', () => {
  it('matches a case-insensitive substring of any field; blank matches everything', () => {
    expect(matchesSearch('POOL', ['db pool exhausted'])).toBe(true);
    expect(matchesSearch('disk', ['db pool exhausted', null])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });
});

describe('labels', () => {
  it('reads "page / total pages", at least one page', () => {
    expect(pageLabel(2, 5)).toBe('2 / 5');
    expect(pageLabel(1, 0)).toBe('1 / 1');
  });

  it('reads "N anomalies total"', () => {
    expect(totalLabel(42)).toBe('42 anomalies total');
  });
});
