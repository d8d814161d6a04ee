import { listItemCard, type AnomalyListItem } from './anomaly-card-view';
import { matchesSearch, matchesSeverity, type SeverityFilter } from './list-controls';

export interface ClientFilters {
  search: string;
  severity: SeverityFilter;
}

/** The text search and severity select work on the page the server sent (the API has no such filters). */
export function filterListItems(
  items: readonly AnomalyListItem[],
  { search, severity }: ClientFilters,
): AnomalyListItem[] {
  return items.filter((item) => {
    const card = listItemCard(item);
    return matchesSeverity(card.severity, severity) && matchesSearch(search, [card.searchText]);
  });
}

export interface HighlightRequest {
  /** An anomaly id or an incident search item's id (`incident-12`). */
  highlight: string;
  /** The incident of the highlighted anomaly, when the link carries it. */
  incident?: string | null;
}

/**
 * The key of the card a search link points at: the card of that anomaly, else the card of its
 * incident (a suppressed event lives inside its incident's stack). Null when the page has none.
 */
export function highlightedItemKey(
  items: readonly AnomalyListItem[],
  { highlight, incident }: HighlightRequest,
): string | null {
  const byAnomaly = items.find((item) => listItemCard(item).anomalyId === highlight);
  if (byAnomaly) return byAnomaly.key;
  const byIncident = items.find((item) => {
    const incidentId = listItemCard(item).incidentId;
    if (incidentId === null) return false;
    return highlight === `incident-${incidentId}` || incident === String(incidentId);
  });
  return byIncident?.key ?? null;
}
