import { describe, expect, it } from 'vitest';
import { endOfDay, matchesDateCondition, resolveDateValue } from './date-operators';

// Local times throughout: the keywords resolve to the start of a local day.
const NOW = new Date(2026, 10, 22, 15, 30);
const local = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0);

describe('resolveDateValue', () => {
  it.each([
    ['today', local(2026, 10, 22)],
    ['TODAY', local(2026, 10, 22)],
    ['yesterday', local(2026, 10, 21)],
    ['last-week', local(2026, 10, 15)],
    ['last-month', local(2026, 9, 22)],
    ['last-year', local(2025, 10, 22)],
    ['2026-11-01', local(2026, 10, 1)],
  ])('%s resolves to the start of its day', (value, expected) => {
    expect(resolveDateValue(value, NOW)).toEqual(expected);
  });

  it('parses any date Date understands', () => {
    expect(resolveDateValue('2026-11-01T10:00:00Z', NOW)?.toISOString()).toBe(
      '2026-11-01T10:00:00.000Z',
    );
  });

  it.each(['tomorrowish', '', '2026-13-45', 'last-decade'])('ignores %j', (value) => {
    expect(resolveDateValue(value, NOW)).toBeNull();
  });
});

describe('matchesDateCondition', () => {
  const at = local(2026, 10, 20);
  const iso = (date: Date) => date.toISOString();

  it('date: matches the same day, from its first to its last millisecond', () => {
    expect(matchesDateCondition(iso(local(2026, 10, 20)), { operator: 'date', at })).toBe(true);
    expect(matchesDateCondition(iso(endOfDay(at)), { operator: 'date', at })).toBe(true);
    expect(matchesDateCondition(iso(local(2026, 10, 21)), { operator: 'date', at })).toBe(false);
    expect(matchesDateCondition(iso(local(2026, 10, 19, 23, 59)), { operator: 'date', at })).toBe(
      false,
    );
  });

  it('before: excludes items at or after the date', () => {
    expect(matchesDateCondition(iso(local(2026, 10, 19)), { operator: 'before', at })).toBe(true);
    expect(matchesDateCondition(iso(at), { operator: 'before', at })).toBe(false);
    expect(matchesDateCondition(iso(local(2026, 10, 21)), { operator: 'before', at })).toBe(false);
  });

  it.each(['after', 'since'] as const)('%s: excludes items at or before the date', (operator) => {
    expect(matchesDateCondition(iso(local(2026, 10, 21)), { operator, at })).toBe(true);
    expect(matchesDateCondition(iso(at), { operator, at })).toBe(false);
    expect(matchesDateCondition(iso(local(2026, 10, 19)), { operator, at })).toBe(false);
  });

  it('lets items without a (parseable) time pass', () => {
    expect(matchesDateCondition(undefined, { operator: 'before', at })).toBe(true);
    expect(matchesDateCondition('not a time', { operator: 'after', at })).toBe(true);
  });
});
