import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkFilters, readSearchFilters, toIncidentId } from './search-filters-param';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readSearchFilters', () => {
  it('reads an event detail object', () => {
    expect(readSearchFilters({ incident_id: 4, search: 'pool' })).toEqual({
      incident_id: 4,
      search: 'pool',
    });
  });

  it('reads the JSON query parameter', () => {
    expect(readSearchFilters('{"incident_id":"12"}')).toEqual({ incident_id: 12 });
  });

  it('drops fields it does not understand', () => {
    expect(readSearchFilters({ incident_id: 'x', search: 3, other: true })).toEqual({});
  });

  it.each(['{not json', '[1,2]', 'null', 42])('ignores %j with a warning', (value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readSearchFilters(value)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('toIncidentId', () => {
  it.each([
    [12, 12],
    ['12', 12],
    ['#12', 12],
    [' 7 ', 7],
    [0, null],
    [-3, null],
    [1.5, null],
    ['abc', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(toIncidentId(value)).toBe(expected);
  });
});

describe('linkFilters', () => {
  it('reads incident_id and the filters JSON, the JSON winning', () => {
    expect(linkFilters('12', null)).toEqual({ incident_id: 12 });
    expect(linkFilters('12', '{"incident_id":3,"search":"pool"}')).toEqual({
      incident_id: 3,
      search: 'pool',
    });
    expect(linkFilters(null, null)).toBeNull();
    expect(linkFilters('x', null)).toBeNull();
  });
});
