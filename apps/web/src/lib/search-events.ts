/**
 * The contract between the global search and the screens it opens (spec part 1, "Navigating from a
 * search result"): the query parameters of a deep link, the window events dispatched after the
 * target page opens, the timings, and the highlight every screen shows on the element it was
 * opened for. Screens import from here; the search feature builds the links and fires the events.
 */

/** Window event names, exactly as the spec names them (plus one for the Settings tab). */
export const SEARCH_EVENTS = {
  /** Opens the detail of one anomaly on /anomalies. */
  openAnomalyDetail: 'openAnomalyDetail',
  /** Opens the edit dialog of one approved action on /policies. */
  openActionEdit: 'openActionEdit',
  /** Applies list filters on /anomalies (incident_id, search) or /audit (event_type, incident_id, search). */
  applySearchFilters: 'applySearchFilters',
  /** Switches the Settings tab (an agent id or a configuration tab) and may focus a field. */
  openSettingsTab: 'openSettingsTab',
} as const;

export type SearchEventName = (typeof SEARCH_EVENTS)[keyof typeof SEARCH_EVENTS];

export interface OpenAnomalyDetailDetail {
  anomalyId: string;
  incidentId?: number;
  traceId?: string;
}

export interface OpenActionEditDetail {
  actionId: string;
}

/** The filters a search result hands to a list screen; every key is optional. */
export interface SearchFilterParams {
  incident_id?: number;
  search?: string;
  event_type?: string;
}

export interface ApplySearchFiltersDetail {
  filters: SearchFilterParams;
}

export interface OpenSettingsTabDetail {
  tab: string;
  section?: string;
  field?: string;
}

/** The `detail` each event carries. */
export interface SearchEventDetails {
  openAnomalyDetail: OpenAnomalyDetailDetail;
  openActionEdit: OpenActionEditDetail;
  applySearchFilters: ApplySearchFiltersDetail;
  openSettingsTab: OpenSettingsTabDetail;
}

/** Query parameters of a deep link from a search result. */
export const SEARCH_PARAMS = {
  /** The id of the element to scroll to and pulse. */
  highlight: 'highlight',
  /** The incident of a highlighted anomaly. */
  incident: 'incident',
  /** The trace of a highlighted anomaly. */
  trace: 'trace',
  /** What to open on arrival: `detail` (anomaly) or `edit` (action). */
  action: 'action',
  /** The Settings tab: an agent id or a configuration tab. */
  tab: 'tab',
  section: 'section',
  /** The configuration field to focus. */
  field: 'field',
  incidentId: 'incident_id',
  eventType: 'event_type',
  search: 'search',
  /** The applied filters as JSON (SearchFilterParams), re-applied on back/forward. */
  filters: 'filters',
} as const;

/** Values of the `action` parameter. */
export const SEARCH_ACTIONS = {
  detail: 'detail',
  edit: 'edit',
} as const;

/** Spec part 1 section 9, layout and timing. */
export const SEARCH_TIMING = {
  /** After opening the page, the context (detail, edit dialog, tab, filters) is applied. */
  contextDelayMs: 200,
  /** After opening the page, the element is highlighted. */
  highlightDelayMs: 400,
  /** The highlight class is removed after this long. */
  highlightDurationMs: 3000,
  /** The pulse animation runs this long (see `search-highlight` in index.css). */
  pulseDurationMs: 2000,
  /** On back/forward, the parameters are re-applied after this long. */
  historyReapplyDelayMs: 100,
} as const;

/** Screens put this attribute, holding the item id, on the element a search result points at. */
export const SEARCH_TARGET_ATTRIBUTE = 'data-search-target';
/** The class that pulses a highlighted element (keyframes in index.css). */
export const SEARCH_HIGHLIGHT_CLASS = 'search-highlight';

/** Fires one of the search events on `target` (the window by default). */
export function dispatchSearchEvent<N extends SearchEventName>(
  name: N,
  detail: SearchEventDetails[N],
  target: EventTarget = window,
): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Listens to one of the search events; returns the function that stops listening. */
export function onSearchEvent<N extends SearchEventName>(
  name: N,
  handler: (detail: SearchEventDetails[N]) => void,
  target: EventTarget = window,
): () => void {
  const listener = (event: Event) => {
    if (event instanceof CustomEvent) handler(event.detail as SearchEventDetails[N]);
  };
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}

/** The element marked with `SEARCH_TARGET_ATTRIBUTE` = id, if the page shows one. */
export function findSearchTarget(id: string, root: ParentNode = document): HTMLElement | null {
  // Compared rather than put in a selector: ids may hold any character.
  const marked = root.querySelectorAll<HTMLElement>(`[${SEARCH_TARGET_ATTRIBUTE}]`);
  return (
    Array.from(marked).find((element) => element.getAttribute(SEARCH_TARGET_ATTRIBUTE) === id) ??
    null
  );
}

/**
 * Scrolls to the element marked for `id` and pulses it for 3 s. Logs a warning and answers false
 * when the page shows no such element.
 */
export function highlightSearchTarget(id: string, root: ParentNode = document): boolean {
  const element = findSearchTarget(id, root);
  if (!element) {
    console.warn(`Search highlight: no element for ${id}`);
    return false;
  }
  element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  element.classList.add(SEARCH_HIGHLIGHT_CLASS);
  window.setTimeout(
    () => element.classList.remove(SEARCH_HIGHLIGHT_CLASS),
    SEARCH_TIMING.highlightDurationMs,
  );
  return true;
}
