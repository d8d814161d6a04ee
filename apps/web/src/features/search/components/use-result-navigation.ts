import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  SEARCH_TIMING,
  dispatchSearchEvent,
  highlightSearchTarget,
} from '../../../lib/search-events';
import type { SearchItem } from '../engine/search-types';
import { historyTarget } from '../navigation/history-params';
import { resultTarget, type ResultTarget } from '../navigation/result-target';

function applyLater(
  target: Omit<ResultTarget, 'href'>,
  contextDelay: number,
  highlightDelay: number,
) {
  window.setTimeout(() => {
    for (const call of target.events) dispatchSearchEvent(call.name, call.detail);
  }, contextDelay);
  const { highlightId } = target;
  if (highlightId !== undefined)
    window.setTimeout(() => highlightSearchTarget(highlightId), highlightDelay);
}

/**
 * Opens a result's page with its query parameters, applies the context after 200 ms and
 * highlights after 400 ms; on back/forward, re-applies the URL's parameters after 100 ms.
 */
export function useResultNavigation(): (item: SearchItem) => void {
  const navigate = useNavigate();

  useEffect(() => {
    const onPopState = () => {
      // Read the entry now: a second back/forward within the delay must not re-apply the new one twice.
      const target = historyTarget(window.location.search);
      applyLater(target, SEARCH_TIMING.historyReapplyDelayMs, SEARCH_TIMING.historyReapplyDelayMs);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return useCallback(
    (item: SearchItem) => {
      const target = resultTarget(item);
      void navigate(target.href);
      applyLater(target, SEARCH_TIMING.contextDelayMs, SEARCH_TIMING.highlightDelayMs);
    },
    [navigate],
  );
}
