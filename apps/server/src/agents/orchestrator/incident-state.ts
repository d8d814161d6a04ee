import type { Severity } from '@vigil/contract';

/** One anomaly as the grouping rules see it. Times are epoch ms. */
export interface GroupingEvent {
  anomalyId: string;
  component: string;
  templateId: string;
  template: string;
  traceId: string | null;
  severity: Severity;
  /** The log's own timestamp. */
  eventTime: number;
}

/** A recent event an open incident remembers for the dedup and burst rules. */
export interface RememberedEvent {
  component: string;
  templateId: string;
  template: string;
  eventTime: number;
}

/** An open incident as the orchestrator keeps it in memory (bounded, see MAX_* below). */
export interface OpenIncident {
  id: number;
  /** Server clock when opened / last absorbed an event / last changed. */
  openedAt: number;
  lastActivityAt: number;
  updatedAt: number;
  /** Event-time span of the events it holds. */
  firstEventTime: number;
  lastEventTime: number;
  rootComponent: string | null;
  traceIds: string[];
  components: string[];
  eventCount: number;
  primary: { anomalyId: string; severity: Severity; eventTime: number } | null;
  recent: RememberedEvent[];
  detectionMethod: string;
}

/** Bounds that keep memory flat however large an incident grows. */
export const MAX_REMEMBERED_EVENTS = 200;
export const MAX_TRACE_IDS = 100;
export const MAX_COMPONENTS = 100;

export const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Event-time distance from `time` to the incident's span (0 inside it). */
export function distanceToSpan(incident: OpenIncident, time: number): number {
  if (time < incident.firstEventTime) return incident.firstEventTime - time;
  if (time > incident.lastEventTime) return time - incident.lastEventTime;
  return 0;
}

const appendBounded = <T>(list: readonly T[], item: T, max: number): T[] =>
  list.includes(item) || list.length >= max ? [...list] : [...list, item];

/** The incident after absorbing `event` at server time `now` (a new value; the input is not changed). */
export function absorb(
  incident: OpenIncident,
  event: GroupingEvent,
  now: number,
  becomesPrimary: boolean,
): OpenIncident {
  const remembered: RememberedEvent = {
    component: event.component,
    templateId: event.templateId,
    template: event.template,
    eventTime: event.eventTime,
  };
  const recent = [...incident.recent, remembered];
  return {
    ...incident,
    lastActivityAt: now,
    updatedAt: now,
    firstEventTime: Math.min(incident.firstEventTime, event.eventTime),
    lastEventTime: Math.max(incident.lastEventTime, event.eventTime),
    traceIds: event.traceId
      ? appendBounded(incident.traceIds, event.traceId, MAX_TRACE_IDS)
      : [...incident.traceIds],
    components: appendBounded(incident.components, event.component, MAX_COMPONENTS),
    eventCount: incident.eventCount + 1,
    primary: becomesPrimary
      ? { anomalyId: event.anomalyId, severity: event.severity, eventTime: event.eventTime }
      : incident.primary,
    recent: recent.length > MAX_REMEMBERED_EVENTS ? recent.slice(-MAX_REMEMBERED_EVENTS) : recent,
  };
}

/** A fresh incident holding only `event` (its primary). */
export function openWith(
  id: number,
  event: GroupingEvent,
  now: number,
  method: string,
): OpenIncident {
  const empty: OpenIncident = {
    id,
    openedAt: now,
    lastActivityAt: now,
    updatedAt: now,
    firstEventTime: event.eventTime,
    lastEventTime: event.eventTime,
    rootComponent: event.component,
    traceIds: [],
    components: [],
    eventCount: 0,
    primary: null,
    recent: [],
    detectionMethod: method,
  };
  return absorb(empty, event, now, true);
}

/** Most severe wins; on equal severity the earlier event (by event time) stays or becomes primary. */
export function outranksPrimary(incident: OpenIncident, event: GroupingEvent): boolean {
  const current = incident.primary;
  if (!current) return true;
  const diff = SEVERITY_RANK[event.severity] - SEVERITY_RANK[current.severity];
  return diff > 0 || (diff === 0 && event.eventTime < current.eventTime);
}
