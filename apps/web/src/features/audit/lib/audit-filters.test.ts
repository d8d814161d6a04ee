import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_FILTERS,
  filtersFromParams,
  filtersFromSearch,
  statsQuery,
  trailQuery,
} from './audit-filters';

const ANCHOR = Date.parse('2026-11-22T12:00:00.000Z');

describe('trailQuery', () => {
  it('sends page, page size 20 and the last 7 days by default', () => {
    expect(trailQuery(DEFAULT_AUDIT_FILTERS, 1, ANCHOR)).toEqual({
      page: 1,
      page_size: 20,
      start_date: '2026-11-15T12:00:00.000Z',
    });
  });

  it.each([
    ['1h', '2026-11-22T11:00:00.000Z'],
    ['24h', '2026-11-21T12:00:00.000Z'],
    ['30d', '2026-10-23T12:00:00.000Z'],
  ] as const)('counts %s back from the anchor', (timeRange, start) => {
    expect(trailQuery({ ...DEFAULT_AUDIT_FILTERS, timeRange }, 1, ANCHOR).start_date).toBe(start);
  });

  it('adds every chosen filter and trims the search', () => {
    expect(
      trailQuery(
        {
          search: '  pool exhausted ',
          timeRange: '24h',
          eventType: 'action_executed',
          severity: 'critical',
          executionStatus: 'failed',
          incidentId: 12,
        },
        3,
        ANCHOR,
      ),
    ).toEqual({
      page: 3,
      page_size: 20,
      start_date: '2026-11-21T12:00:00.000Z',
      event_type: 'action_executed',
      severity: 'critical',
      execution_status: 'failed',
      incident_id: 12,
      search: 'pool exhausted',
    });
  });

  it('asks for 10000 rows when exporting', () => {
    expect(trailQuery(DEFAULT_AUDIT_FILTERS, 1, ANCHOR, 10_000).page_size).toBe(10_000);
  });
});

describe('statsQuery', () => {
  it('uses the same time range', () => {
    expect(statsQuery({ ...DEFAULT_AUDIT_FILTERS, timeRange: '1h' }, ANCHOR)).toEqual({
      start_date: '2026-11-22T11:00:00.000Z',
    });
  });
});

describe('filters from the global search', () => {
  it('reads event_type, incident_id and search from the URL', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('event_type=incident_opened&incident_id=4&search=orders&highlight=x'),
      ),
    ).toEqual({ eventType: 'incident_opened', incidentId: 4, search: 'orders' });
  });

  it.each([
    ['event_type=nonsense', {}],
    ['incident_id=abc', {}],
    ['incident_id=0', {}],
    ['incident_id=-2', {}],
    ['search=%20%20', {}],
    ['', {}],
  ])('ignores what the server would refuse: %s', (query, filters) => {
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(filters);
  });

  it('takes the applySearchFilters event payload with a numeric incident', () => {
    expect(filtersFromSearch({ incident_id: 9, search: 'timeout' })).toEqual({
      incidentId: 9,
      search: 'timeout',
    });
  });
});
