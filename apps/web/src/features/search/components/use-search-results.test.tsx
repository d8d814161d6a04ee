import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchEngine } from '../engine/search-engine';
import type { SearchFilters, SearchResponse } from '../engine/search-types';
import { SEARCH_DEBOUNCE_MS, useSearchResults } from './use-search-results';

const RESPONSE: SearchResponse = { results: [], countsByType: {}, tookMs: 1 };
const NO_FILTERS: SearchFilters = {};

function fakeEngine(search: SearchEngine['search']): SearchEngine {
  return { search: vi.fn(search), refresh: vi.fn(async () => undefined), items: () => [] };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSearchResults', () => {
  it('searches once, 300 ms after the last change, showing loading meanwhile', async () => {
    const engine = fakeEngine(async () => RESPONSE);
    const { result, rerender } = renderHook(
      ({ query }) => useSearchResults(engine, query, NO_FILTERS),
      { initialProps: { query: 'or' } },
    );
    rerender({ query: 'orders' });
    expect(result.current.status).toBe('loading');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(engine.search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(engine.search).toHaveBeenCalledExactlyOnceWith('orders', NO_FILTERS);
    expect(result.current).toEqual({ status: 'results', response: RESPONSE, error: null });
  });

  it('clears at once for an empty query, without searching', async () => {
    const engine = fakeEngine(async () => RESPONSE);
    const { result } = renderHook(() => useSearchResults(engine, '   ', NO_FILTERS));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.status).toBe('idle');
    expect(engine.search).not.toHaveBeenCalled();
  });

  it("shows the failure's message, or 'Search failed', with no results", async () => {
    const failing = fakeEngine(() => Promise.reject(new Error('Failed to refresh search index')));
    const first = renderHook(() => useSearchResults(failing, 'db', NO_FILTERS));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(first.result.current).toEqual({
      status: 'error',
      response: null,
      error: 'Failed to refresh search index',
    });
    const silent = fakeEngine(() => Promise.reject(new Error('')));
    const second = renderHook(() => useSearchResults(silent, 'db', NO_FILTERS));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(second.result.current.error).toBe('Search failed');
  });
});
