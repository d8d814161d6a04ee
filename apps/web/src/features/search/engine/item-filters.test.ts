import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  matchesFilters,
  matchesOperators,
  normalizeFilters,
  resolveDateRange,
} from './item-filters';
import { parseQuery } from './query-parser';
import { makeItem } from './search-item-factory';

const NOW = new Date(2026, 10, 22, 12);
const passes = (query: string, item = makeItem()) => matchesOperators(item, parseQuery(query, NOW));

describe('matchesOperators', () => {
  const db = makeItem({
    type: 'anomaly',
    tags: ['database', 'postgres'],
    metadata: {
      severity: 'high',
      status: 'open',
      component: 'orders-db',
      agentId: 'anomaly_detector',
      tags: ['database', 'postgres'],
      timestamp: new Date(2026, 10, 20, 10).toISOString(),
    },
  });

  it.each([
    ['type:anomaly', true],
    ['type:audit', false],
    ['type:audit type:anomaly', true],
    ['severity:HIGH', true],
    ['severity:low', false],
    ['status:open', true],
    ['status:closed', false],
    ['component:orders', true],
    ['component:DB', true],
    ['component:payments', false],
    ['tag:Postgres', true],
    ['tag:redis', false],
    ['agent:anomaly_detector', true],
    ['agent:executor', false],
    ['date:2026-11-20', true],
    ['date:2026-11-21', false],
    ['before:2026-11-21', true],
    ['before:2026-11-20', false],
    ['after:2026-11-19', true],
    ['since:2026-11-21', false],
    ['since:last-week', true],
    ['since:today', false],
    ['since:whenever', true],
  ])('%s → %s', (query, expected) => {
    expect(passes(`x ${query}`, db)).toBe(expected);
  });

  it('lets items lacking the metadata pass every operator', () => {
    const bare = makeItem({ type: 'agent' });
    expect(
      passes(
        'x severity:high status:open component:db tag:database agent:executor before:2020-01-01',
        bare,
      ),
    ).toBe(true);
    expect(passes('x type:anomaly', bare)).toBe(false);
  });

  it('requires every operator to hold', () => {
    expect(passes('x severity:high component:payments', db)).toBe(false);
  });
});

describe('the filter panel', () => {
  const item = makeItem({
    type: 'action',
    metadata: {
      status: 'active',
      severity: 'medium',
      component: 'orders-db',
      tags: ['restart'],
      timestamp: new Date(2026, 10, 20, 23, 30).toISOString(),
    },
  });

  it('treats types, severity, status, tags and components as any-of lists', () => {
    expect(matchesFilters(item, { types: ['anomaly', 'action'] }, NOW)).toBe(true);
    expect(matchesFilters(item, { types: ['anomaly'] }, NOW)).toBe(false);
    expect(matchesFilters(item, { severity: ['low', 'medium'] }, NOW)).toBe(true);
    expect(matchesFilters(item, { status: ['inactive'] }, NOW)).toBe(false);
    expect(matchesFilters(item, { tags: ['restart', 'scale'] }, NOW)).toBe(true);
    expect(matchesFilters(item, { components: ['payments'] }, NOW)).toBe(false);
    expect(matchesFilters(item, { components: ['orders-db'] }, NOW)).toBe(true);
  });

  it('takes the date range inclusively, the end at 23:59:59 of its day', () => {
    expect(
      matchesFilters(item, { dateRange: { start: '2026-11-20', end: '2026-11-20' } }, NOW),
    ).toBe(true);
    expect(
      matchesFilters(item, { dateRange: { start: '2026-11-21', end: '2026-11-25' } }, NOW),
    ).toBe(false);
    expect(
      matchesFilters(item, { dateRange: { start: '2026-11-01', end: '2026-11-19' } }, NOW),
    ).toBe(false);
  });

  it('applies a date range only when both ends are filled', () => {
    expect(resolveDateRange({ start: '2026-11-21', end: '' }, NOW)).toBeNull();
    expect(resolveDateRange({ start: '', end: '2026-11-19' }, NOW)).toBeNull();
    expect(matchesFilters(item, { dateRange: { start: '2026-11-21', end: '' } }, NOW)).toBe(true);
    const range = resolveDateRange({ start: '2026-11-20', end: '2026-11-21' }, NOW);
    expect(range?.end).toBe(new Date(2026, 10, 21, 23, 59, 59, 999).getTime());
  });

  it('normalizes: drops empty lists and a half-filled or unparseable range', () => {
    expect(
      normalizeFilters(
        { types: [], severity: ['high'], dateRange: { start: '2026-11-01', end: '' } },
        NOW,
      ),
    ).toEqual({ severity: ['high'] });
    expect(normalizeFilters({ dateRange: { start: 'soon', end: 'later' } }, NOW)).toEqual({});
    expect(
      normalizeFilters({ dateRange: { start: '2026-11-01', end: '2026-11-02' } }, NOW),
    ).toEqual({ dateRange: { start: '2026-11-01', end: '2026-11-02' } });
  });

  it('counts active filters for the badge', () => {
    expect(
      countActiveFilters({
        types: ['anomaly', 'audit'],
        tags: ['x'],
        dateRange: { start: 'a', end: 'b' },
      }),
    ).toBe(4);
  });
});
