import type { SearchFilterParams } from '../../../lib/search-events';

/**
 * Reads the filters a search result hands over, from an event's detail or the `filters` query
 * parameter (JSON). Anything malformed yields null, with a warning (spec part 1 section 8).
 */
export function readSearchFilters(value: unknown): SearchFilterParams | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      console.warn('Ignoring malformed search filters', value);
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    console.warn('Ignoring malformed search filters', value);
    return null;
  }
  const record = parsed as Record<string, unknown>;
  const filters: SearchFilterParams = {};
  const incidentId = toIncidentId(record.incident_id);
  if (incidentId !== null) filters.incident_id = incidentId;
  if (typeof record.search === 'string') filters.search = record.search;
  return filters;
}

/** A positive integer incident id, given as a number, '12' or '#12'; else null. */
export function toIncidentId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const match = /^#?(\d{1,15})$/.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/**
 * The filters a link carries: `incident_id=12` and/or `filters={"incident_id":12,"search":"..."}`
 * (the JSON wins where both name a field). Null when the link has none.
 */
export function linkFilters(
  incidentIdParam: string | null,
  filtersParam: string | null,
): SearchFilterParams | null {
  const incidentId = toIncidentId(incidentIdParam);
  const filters = filtersParam === null ? null : readSearchFilters(filtersParam);
  if (incidentId === null && !filters) return null;
  return { ...(incidentId === null ? {} : { incident_id: incidentId }), ...filters };
}
