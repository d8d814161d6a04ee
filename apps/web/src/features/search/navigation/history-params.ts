import { SEARCH_ACTIONS, SEARCH_PARAMS, type SearchFilterParams } from '../../../lib/search-events';
import type { ResultTarget, SearchEventCall } from './result-target';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `filters` parameter as SearchFilterParams, or null when it is not JSON of that shape
 * (incident_id a positive integer, search and event_type strings; other keys dropped).
 */
export function parseFiltersParam(raw: string): SearchFilterParams | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { incident_id: incidentId, search, event_type: eventType } = parsed;
  if (incidentId !== undefined && !(Number.isInteger(incidentId) && Number(incidentId) > 0))
    return null;
  if (search !== undefined && typeof search !== 'string') return null;
  if (eventType !== undefined && typeof eventType !== 'string') return null;
  const filters: SearchFilterParams = {};
  if (typeof incidentId === 'number') filters.incident_id = incidentId;
  if (typeof search === 'string') filters.search = search;
  if (typeof eventType === 'string') filters.event_type = eventType;
  return filters;
}

/**
 * What back/forward re-applies from the URL (spec: highlight, action, tab and filters). A
 * malformed `filters` value is ignored with a console warning.
 */
export function historyTarget(search: string): Omit<ResultTarget, 'href'> {
  const params = new URLSearchParams(search);
  const highlight = params.get(SEARCH_PARAMS.highlight) ?? undefined;
  const action = params.get(SEARCH_PARAMS.action);
  const tab = params.get(SEARCH_PARAMS.tab);
  const rawFilters = params.get(SEARCH_PARAMS.filters);
  const events: SearchEventCall[] = [];

  if (highlight && action === SEARCH_ACTIONS.edit)
    events.push({ name: 'openActionEdit', detail: { actionId: highlight } });
  if (highlight && action === SEARCH_ACTIONS.detail) {
    const incident = Number(params.get(SEARCH_PARAMS.incident));
    const trace = params.get(SEARCH_PARAMS.trace);
    events.push({
      name: 'openAnomalyDetail',
      detail: {
        anomalyId: highlight,
        ...(Number.isInteger(incident) && incident > 0 && { incidentId: incident }),
        ...(trace && { traceId: trace }),
      },
    });
  }
  if (tab) {
    const section = params.get(SEARCH_PARAMS.section);
    const field = params.get(SEARCH_PARAMS.field);
    events.push({
      name: 'openSettingsTab',
      detail: { tab, ...(section && { section }), ...(field && { field }) },
    });
  }
  if (rawFilters !== null) {
    const filters = parseFiltersParam(rawFilters);
    if (filters) events.push({ name: 'applySearchFilters', detail: { filters } });
    else console.warn(`Ignoring malformed search filters in the URL: ${rawFilters}`);
  }
  return { events, ...(highlight && { highlightId: highlight }) };
}
