import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  SEARCH_EVENTS,
  SEARCH_PARAMS,
  SEARCH_TIMING,
  highlightSearchTarget,
  onSearchEvent,
} from '../../../lib/search-events';
import { filtersFromParams, filtersFromSearch, type AuditFilters } from '../lib/audit-filters';

/**
 * What the global search asks of the audit trail: `event_type`, `incident_id` and `search` set
 * the filters (from the URL, again on back/forward, or the applySearchFilters event), and
 * `highlight` pulses the entry once the list shows it.
 */
export function useAuditDeepLinks(
  entriesShown: boolean,
  applyFilters: (change: Partial<AuditFilters>) => void,
): void {
  const [params] = useSearchParams();
  const link = params.toString();
  const highlight = params.get(SEARCH_PARAMS.highlight);
  const firstLink = useRef(link);
  const highlighted = useRef<string | null>(null);
  const applyRef = useRef(applyFilters);
  useEffect(() => {
    applyRef.current = applyFilters;
  });

  useEffect(
    () =>
      onSearchEvent(SEARCH_EVENTS.applySearchFilters, ({ filters }) =>
        applyRef.current(filtersFromSearch(filters)),
      ),
    [],
  );

  // The first link set the initial filters already; later ones (back/forward) are re-applied.
  useEffect(() => {
    if (link === firstLink.current) return;
    const timer = window.setTimeout(
      () => applyRef.current(filtersFromParams(new URLSearchParams(link))),
      SEARCH_TIMING.historyReapplyDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [link]);

  useEffect(() => {
    if (!entriesShown || !highlight || highlighted.current === link) return;
    highlighted.current = link;
    const timer = window.setTimeout(
      () => highlightSearchTarget(highlight),
      SEARCH_TIMING.highlightDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [entriesShown, highlight, link]);
}
