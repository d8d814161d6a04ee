import type { Anomaly, IncidentStack } from '@vigil/contract';
import { displayDescription } from '../../../lib/format';

/** What one card of the list shows, whether it came from an anomaly or an incident stack. */
export interface AnomalyCardView {
  /** The anomaly the card opens (a stack's top event). */
  anomalyId: string;
  incidentId: number | null;
  severity: string;
  incidentStatus: string | null;
  /** A non-primary event of its incident. */
  suppressed: boolean;
  /** Timestamp stripped; 'Anomaly Detected' when empty. */
  message: string;
  /** The text the search box matches: the raw message or description. */
  searchText: string;
  system: string;
  detectedAt: string | null;
  traceId: string | null;
}

export interface IncidentStackView extends AnomalyCardView {
  incidentId: number;
  /** The top event's message, or 'Incident Stack' when it has none. */
  title: string;
  countTotal: number;
  countSuppressed: number;
}

export type AnomalyListItem =
  | { kind: 'anomaly'; key: string; card: AnomalyCardView }
  | { kind: 'stack'; key: string; stack: IncidentStackView };

export const ANOMALY_FALLBACK_TITLE = 'Anomaly Detected';
export const STACK_FALLBACK_TITLE = 'Incident Stack';
const TRACE_ID_SHOWN = 8;

export function isIncidentStack(item: Anomaly | IncidentStack): item is IncidentStack {
  return 'top_event_id' in item;
}

export function shortTraceId(traceId: string | null | undefined): string | null {
  return traceId ? traceId.slice(0, TRACE_ID_SHOWN) : null;
}

const firstPresent = (...values: ReadonlyArray<string | null | undefined>): string =>
  values.find((value) => typeof value === 'string' && value.trim() !== '') ?? 'unknown';

/** Friendly component name, component, root component, source system, else 'unknown'. */
export function anomalySystem(anomaly: Anomaly): string {
  const orchestrator = anomaly.orchestrator_data;
  return firstPresent(
    orchestrator?.data.component_meta.friendly_name,
    anomaly.display_component,
    orchestrator?.data.component ?? anomaly.context.component,
    orchestrator?.root_component,
    anomaly.source_system,
  );
}

export function anomalyCardView(anomaly: Anomaly): AnomalyCardView {
  const orchestrator = anomaly.orchestrator_data;
  const raw = orchestrator?.data.log_message || anomaly.description;
  return {
    anomalyId: anomaly.id,
    incidentId: orchestrator?.incident_id ?? null,
    severity: anomaly.severity,
    incidentStatus: orchestrator?.incident_status ?? null,
    suppressed: orchestrator ? !orchestrator.event_is_primary : false,
    message: displayDescription(raw, ANOMALY_FALLBACK_TITLE),
    searchText: `${raw}\n${anomaly.description}`,
    system: anomalySystem(anomaly),
    detectedAt: anomaly.timestamp || null,
    traceId: orchestrator?.trace_id ?? anomaly.context.trace_id,
  };
}

export function incidentStackView(stack: IncidentStack): IncidentStackView {
  const message = displayDescription(stack.top_event_message, '');
  return {
    anomalyId: stack.top_event_id,
    incidentId: stack.incident_id,
    severity: stack.top_event_severity,
    incidentStatus: stack.incident_status,
    suppressed: !stack.top_event_is_primary,
    message: message || ANOMALY_FALLBACK_TITLE,
    title: message || STACK_FALLBACK_TITLE,
    searchText: stack.top_event_message,
    system: firstPresent(stack.top_event_component, stack.root_component),
    detectedAt: stack.top_event_timestamp || null,
    traceId: stack.trace_id,
    countTotal: stack.count_total,
    countSuppressed: stack.count_suppressed,
  };
}

/**
 * The list as cards: an incident with a single event is a plain card that opens its anomaly
 * directly; one with several events is a stack card that opens the incident's events.
 */
export function toListItems(items: ReadonlyArray<Anomaly | IncidentStack>): AnomalyListItem[] {
  return items.map((item): AnomalyListItem => {
    if (!isIncidentStack(item)) {
      return { kind: 'anomaly', key: item.id, card: anomalyCardView(item) };
    }
    const stack = incidentStackView(item);
    return stack.countTotal > 1
      ? { kind: 'stack', key: `incident-${item.incident_id}`, stack }
      : { kind: 'anomaly', key: `incident-${item.incident_id}`, card: stack };
  });
}

export const listItemCard = (item: AnomalyListItem): AnomalyCardView =>
  item.kind === 'stack' ? item.stack : item.card;
