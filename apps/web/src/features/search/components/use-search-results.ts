import { useEffect, useState } from 'react';
import type { SearchEngine } from '../engine/search-engine';
import type { SearchFilters, SearchResponse } from '../engine/search-types';

/** Spec part 1 section 9. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_FAILED = 'Search failed';

export type SearchStatus = 'idle' | 'loading' | 'results' | 'error';

export interface SearchResultsState {
  status: SearchStatus;
  response: SearchResponse | null;
  error: string | null;
}

const IDLE: SearchResultsState = { status: 'idle', response: null, error: null };

/**
 * Runs the search 300 ms after the query or the filters last changed. An empty query clears the
 * results at once; a failure shows its message (or 'Search failed') with no results.
 */
export function useSearchResults(
  engine: SearchEngine,
  query: string,
  filters: SearchFilters,
): SearchResultsState {
  const [state, setState] = useState<SearchResultsState>(IDLE);
  const empty = query.trim() === '';

  useEffect(() => {
    if (empty) {
      setState(IDLE);
      return;
    }
    let live = true;
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    const timer = window.setTimeout(() => {
      engine.search(query, filters).then(
        (response) => {
          if (live) setState({ status: 'results', response, error: null });
        },
        (error: unknown) => {
          if (!live) return;
          const message = error instanceof Error && error.message ? error.message : SEARCH_FAILED;
          setState({ status: 'error', response: null, error: message });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [engine, query, filters, empty]);

  return empty ? IDLE : state;
}
