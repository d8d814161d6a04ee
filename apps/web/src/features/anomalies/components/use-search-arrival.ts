import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  SEARCH_ACTIONS,
  SEARCH_EVENTS,
  SEARCH_PARAMS,
  SEARCH_TIMING,
  highlightSearchTarget,
  onSearchEvent,
  type SearchFilterParams,
} from '../../../lib/search-events';
import type { AnomalyListItem } from '../lib/anomaly-card-view';
import { highlightedItemKey } from '../lib/list-filters';
import { linkFilters, readSearchFilters } from '../lib/search-filters-param';
import type { AnomalyListActions } from './use-anomaly-list-state';

export interface SearchArrivalOptions {
  actions: AnomalyListActions;
  openDetail: (anomalyId: string) => void;
  /** The cards on screen, once the list has loaded (undefined before). */
  items: readonly AnomalyListItem[] | undefined;
}

/**
 * How the page answers the global search (spec part 1 section 2): the `highlight` link
 * parameter (time filter to all, then scroll to the card and pulse it), the incident and
 * filters parameters, and the `openAnomalyDetail` / `applySearchFilters` window events.
 */
export function useSearchArrival({ actions, openDetail, items }: SearchArrivalOptions): void {
  const [params] = useSearchParams();
  // Handlers and cards as of the last render, for listeners and timers set up earlier.
  const latest = useRef({ actions, openDetail, items });
  latest.current = { actions, openDetail, items };

  const highlight = params.get(SEARCH_PARAMS.highlight);
  const incident = params.get(SEARCH_PARAMS.incident);
  const action = params.get(SEARCH_PARAMS.action);
  const incidentParam = params.get(SEARCH_PARAMS.incidentId);
  const filtersParam = params.get(SEARCH_PARAMS.filters);

  useEffect(() => {
    const stopDetail = onSearchEvent(SEARCH_EVENTS.openAnomalyDetail, (detail) => {
      if (typeof detail?.anomalyId === 'string' && detail.anomalyId !== '') {
        latest.current.openDetail(detail.anomalyId);
      }
    });
    const stopFilters = onSearchEvent(SEARCH_EVENTS.applySearchFilters, (detail) => {
      const filters = readSearchFilters(detail?.filters);
      if (filters) applyFilters(latest.current.actions, filters);
    });
    return () => {
      stopDetail();
      stopFilters();
    };
  }, []);

  // Link parameters, on arrival and again whenever back/forward changes them.
  useEffect(() => {
    const filters = linkFilters(incidentParam, filtersParam);
    if (!filters) return undefined;
    const timer = window.setTimeout(
      () => applyFilters(latest.current.actions, filters),
      SEARCH_TIMING.historyReapplyDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [incidentParam, filtersParam]);

  useEffect(() => {
    if (highlight === null) return undefined;
    latest.current.actions.setTimeFilter('all');
    if (action !== SEARCH_ACTIONS.detail) return undefined;
    const timer = window.setTimeout(
      () => latest.current.openDetail(highlight),
      SEARCH_TIMING.contextDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [highlight, action]);

  const highlighted = useRef<string | null>(null);
  const listReady = items !== undefined;
  useEffect(() => {
    if (highlight === null || !listReady || highlighted.current === highlight) return undefined;
    const timer = window.setTimeout(() => {
      highlighted.current = highlight;
      const key = highlightedItemKey(latest.current.items ?? [], { highlight, incident });
      highlightSearchTarget(key ?? highlight);
    }, SEARCH_TIMING.highlightDelayMs);
    return () => window.clearTimeout(timer);
  }, [highlight, incident, listReady]);
}

function applyFilters(actions: AnomalyListActions, filters: SearchFilterParams): void {
  if (filters.search !== undefined) actions.setSearch(filters.search);
  if (filters.incident_id !== undefined) {
    console.info(`Anomalies: showing incident #${filters.incident_id} from search`);
    actions.setIncidentId(filters.incident_id);
  }
}
