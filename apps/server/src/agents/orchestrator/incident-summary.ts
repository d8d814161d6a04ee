import type { IncidentChangedMessage, IncidentSummary } from '../../bus/messages';
import { toIso } from '../../shared/clock';
import type { OpenIncident } from './incident-state';

export function summarise(incident: OpenIncident, closedAt: number | null): IncidentSummary {
  return {
    status: closedAt === null ? 'open' : 'closed',
    rootComponent: incident.rootComponent,
    components: [...incident.components],
    traceIds: [...incident.traceIds],
    primaryAnomalyId: incident.primary?.anomalyId ?? null,
    eventCount: incident.eventCount,
    openedAt: toIso(incident.openedAt),
    updatedAt: toIso(incident.updatedAt),
    closedAt: closedAt === null ? null : toIso(closedAt),
  };
}

export function changeMessage(
  incident: OpenIncident,
  change: 'opened' | 'event_added',
  anomalyIds: string[],
): IncidentChangedMessage {
  return { incidentId: incident.id, change, incident: summarise(incident, null), anomalyIds };
}
