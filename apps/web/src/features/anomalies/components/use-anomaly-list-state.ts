import { useState } from 'react';
import type { TimeFilter } from '@vigil/contract';
import {
  DEFAULT_PAGE_SIZE,
  INITIAL_TIME_FILTER,
  type PageSize,
  type SeverityFilter,
} from '../lib/list-controls';

export interface AnomalyListState {
  timeFilter: TimeFilter;
  page: number;
  pageSize: PageSize;
  search: string;
  severity: SeverityFilter;
  incidentId: number | null;
}

export interface AnomalyListActions {
  setTimeFilter: (timeFilter: TimeFilter) => void;
  setPage: (page: number) => void;
  /** Back to page 1 (spec part 1 section 2). */
  setPageSize: (pageSize: PageSize) => void;
  setSearch: (search: string) => void;
  setSeverity: (severity: SeverityFilter) => void;
  setIncidentId: (incidentId: number | null) => void;
}

const INITIAL: AnomalyListState = {
  timeFilter: INITIAL_TIME_FILTER,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  severity: 'all',
  incidentId: null,
};

/** The list's controls; whatever changes the server's answer starts again at page 1. */
export function useAnomalyListState(
  readLink: () => Partial<AnomalyListState> = () => ({}),
): [AnomalyListState, AnomalyListActions] {
  // A link's filters apply from the first request, not after an unfiltered one.
  const [state, setState] = useState(() => ({ ...INITIAL, ...readLink() }));
  const patch = (change: Partial<AnomalyListState>) =>
    setState((current) => ({ ...current, ...change }));
  return [
    state,
    {
      setTimeFilter: (timeFilter) => patch({ timeFilter, page: 1 }),
      setPage: (page) => patch({ page }),
      setPageSize: (pageSize) => patch({ pageSize, page: 1 }),
      setSearch: (search) => patch({ search }),
      setSeverity: (severity) => patch({ severity }),
      setIncidentId: (incidentId) => patch({ incidentId, page: 1 }),
    },
  ];
}
