import { Severity, type OrchestratorData } from '@vigil/contract';
import type { Store } from '../../store/create-store';
import type { Incident, IncidentPatch, NewIncident } from '../../store/incidents-repository';
import type { OpenIncident, RememberedEvent } from './incident-state';

/** Remembered events written to the incident row, so dedup and bursts survive a restart. */
const PERSISTED_RECENT = 50;

/** What the incident row's `details` holds for the orchestrator (a type alias: it must be a JSON object). */
type IncidentDetails = {
  detection_method: string;
  coalesce_window_seconds: number;
  trace_ids: string[];
  event_count: number;
  first_event_time: number;
  last_activity_at: number;
  primary: OpenIncident['primary'];
  recent: RememberedEvent[];
};

/** The row fields the orchestrator owns; counters and top event are the store's. */
export function incidentPatch(
  incident: OpenIncident,
  coalesceWindowSeconds: number,
): IncidentPatch {
  const details: IncidentDetails = {
    detection_method: incident.detectionMethod,
    coalesce_window_seconds: coalesceWindowSeconds,
    trace_ids: incident.traceIds,
    event_count: incident.eventCount,
    first_event_time: incident.firstEventTime,
    last_activity_at: incident.lastActivityAt,
    primary: incident.primary,
    recent: incident.recent.slice(-PERSISTED_RECENT),
  };
  return {
    updatedAt: incident.updatedAt,
    rootComponent: incident.rootComponent,
    traceId: incident.traceIds[0] ?? null,
    impactScope: [...incident.components],
    details,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function rememberedEvents(value: unknown): RememberedEvent[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is RememberedEvent =>
      isRecord(item) &&
      typeof item.component === 'string' &&
      typeof item.templateId === 'string' &&
      typeof item.template === 'string' &&
      typeof item.eventTime === 'number',
  );
}

function primaryOf(value: unknown): OpenIncident['primary'] {
  if (!isRecord(value) || typeof value.anomalyId !== 'string') return null;
  const severity = Severity.safeParse(value.severity);
  if (!severity.success) return null;
  return {
    anomalyId: value.anomalyId,
    severity: severity.data,
    eventTime: numberOr(value.eventTime, 0),
  };
}

/**
 * An open incident rebuilt from its row at start. Rows written by older versions (or by hand)
 * lack some details; the fallbacks keep them usable rather than dropping the incident.
 */
export function restoreIncident(row: Incident): OpenIncident {
  const details = row.details;
  const traceIds = strings(details.trace_ids);
  return {
    id: row.id,
    openedAt: row.openedAt,
    updatedAt: row.updatedAt,
    lastActivityAt: numberOr(details.last_activity_at, row.updatedAt),
    firstEventTime: numberOr(details.first_event_time, row.lastEventTime),
    lastEventTime: row.lastEventTime,
    rootComponent: row.rootComponent,
    traceIds: traceIds.length > 0 ? traceIds : row.traceId ? [row.traceId] : [],
    components: [...row.impactScope],
    eventCount: Math.max(row.countTotal, numberOr(details.event_count, 0)),
    primary: primaryOf(details.primary),
    recent: rememberedEvents(details.recent),
    detectionMethod:
      typeof details.detection_method === 'string' ? details.detection_method : 'restored',
  };
}

export interface FirstPlacement {
  row: NewIncident;
  anomalyId: string;
  /** The in-memory incident once the row has its id. */
  opened: (incidentId: number) => OpenIncident;
  /** The first event's block in that incident. */
  block: (incident: OpenIncident) => OrchestratorData;
  coalesceWindowSeconds: number;
}

/**
 * Creates the incident, places its first event and writes the row's details in one transaction:
 * a crash or a failed write in between leaves neither an empty incident nor an orphan event, so
 * the redelivered event opens exactly one incident. An event that is not stored fails the whole.
 */
export function openIncidentWithFirstEvent(
  store: Store,
  placement: FirstPlacement,
): Promise<OpenIncident> {
  return store.transaction(async (tx) => {
    const row = await tx.incidents.create(placement.row);
    const incident = placement.opened(row.id);
    const placed = await tx.anomalies.update(placement.anomalyId, {
      orchestrator_data: placement.block(incident),
    });
    if (!placed)
      throw new Error(`anomaly ${placement.anomalyId} is not stored; no incident opened`);
    await tx.incidents.update(row.id, incidentPatch(incident, placement.coalesceWindowSeconds));
    return incident;
  });
}
