import {
  SEARCH_ACTIONS,
  SEARCH_PARAMS,
  type SearchEventDetails,
  type SearchEventName,
  type SearchFilterParams,
} from '../../../lib/search-events';
import type { SearchItem } from '../engine/search-types';

/** One window event to fire, its name and detail kept in step. */
export type SearchEventCall = {
  [N in SearchEventName]: { name: N; detail: SearchEventDetails[N] };
}[SearchEventName];

/** Where a result leads (spec part 1, "Navigating from a search result"). */
export interface ResultTarget {
  /** Path with its query string. */
  href: string;
  /** Fired once the page has opened (after 200 ms). */
  events: SearchEventCall[];
  /** The element to highlight (after 400 ms), when the result points at one. */
  highlightId?: string;
}

type Params = Record<string, string | number | undefined>;

function withParams(path: string, params: Params): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

function filterTarget(path: string, filters: SearchFilterParams): ResultTarget {
  return {
    href: withParams(path, {
      [SEARCH_PARAMS.eventType]: filters.event_type,
      [SEARCH_PARAMS.incidentId]: filters.incident_id,
      [SEARCH_PARAMS.search]: filters.search,
      [SEARCH_PARAMS.filters]: JSON.stringify(filters),
    }),
    events: [{ name: 'applySearchFilters', detail: { filters } }],
  };
}

const withoutUndefined = (filters: SearchFilterParams): SearchFilterParams =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as SearchFilterParams;

export function resultTarget(item: SearchItem): ResultTarget {
  const { metadata } = item;
  switch (item.type) {
    case 'anomaly':
      return {
        href: withParams('/anomalies', {
          [SEARCH_PARAMS.highlight]: item.id,
          [SEARCH_PARAMS.action]: SEARCH_ACTIONS.detail,
          [SEARCH_PARAMS.incident]: metadata.incidentId,
          [SEARCH_PARAMS.trace]: metadata.traceId,
        }),
        events: [
          {
            name: 'openAnomalyDetail',
            detail: {
              anomalyId: item.id,
              ...(metadata.incidentId !== undefined && { incidentId: metadata.incidentId }),
              ...(metadata.traceId !== undefined && { traceId: metadata.traceId }),
            },
          },
        ],
        highlightId: item.id,
      };
    case 'action':
      return {
        href: withParams('/policies', {
          [SEARCH_PARAMS.highlight]: item.id,
          [SEARCH_PARAMS.action]: SEARCH_ACTIONS.edit,
        }),
        events: [{ name: 'openActionEdit', detail: { actionId: item.id } }],
        highlightId: item.id,
      };
    case 'application':
      return {
        href: withParams('/applications', { [SEARCH_PARAMS.highlight]: item.id }),
        events: [],
        highlightId: item.id,
      };
    case 'agent': {
      const tab = metadata.agentId ?? item.id;
      return {
        href: withParams('/settings', {
          [SEARCH_PARAMS.tab]: tab,
          [SEARCH_PARAMS.highlight]: item.id,
        }),
        events: [{ name: 'openSettingsTab', detail: { tab } }],
        highlightId: item.id,
      };
    }
    case 'configuration': {
      const tab = metadata.tab ?? 'global';
      return {
        href: withParams('/settings', {
          [SEARCH_PARAMS.tab]: tab,
          [SEARCH_PARAMS.section]: metadata.section,
          [SEARCH_PARAMS.field]: metadata.field,
        }),
        events: [
          {
            name: 'openSettingsTab',
            detail: {
              tab,
              ...(metadata.section !== undefined && { section: metadata.section }),
              ...(metadata.field !== undefined && { field: metadata.field }),
            },
          },
        ],
        ...(metadata.field !== undefined && { highlightId: metadata.field }),
      };
    }
    case 'audit':
      return filterTarget(
        '/audit',
        withoutUndefined({
          event_type: metadata.status,
          incident_id: metadata.incidentId,
          search: item.title,
        }),
      );
    case 'incident':
      return filterTarget('/anomalies', withoutUndefined({ incident_id: metadata.incidentId }));
    case 'execution':
      return filterTarget('/audit', { event_type: 'action_executed', search: item.title });
    default:
      return { href: item.page, events: [] };
  }
}
