import type { ComponentMeta, OrchestratorData } from '@vigil/contract';
import type { DetectedAnomaly } from '../../bus/messages';
import { toIso } from '../../shared/clock';
import type { GroupingDecision } from './grouping-rules';
import { suppressionReason } from './grouping-rules';
import type { OpenIncident } from './incident-state';
import type { OrchestratorConfig } from './orchestrator-config';

export const ORCHESTRATOR_SOURCE = { name: 'orchestrator', version: '1.0.0' } as const;

export interface OrchestratorDataInput {
  item: DetectedAnomaly;
  /** The incident after absorbing the event. */
  incident: OpenIncident;
  decision: GroupingDecision;
  /** Primary before this event (null for a new incident). */
  previousPrimaryId: string | null;
  config: OrchestratorConfig;
  now: number;
}

const componentContext = (component: string, meta: ComponentMeta) => ({
  identity: { friendly_name: meta.friendly_name, id: component },
});

/** The `orchestrator_data` block exactly as spec part 1 section 3 lists it. */
export function buildOrchestratorData(input: OrchestratorDataInput): OrchestratorData {
  const { item, incident, decision, config, now } = input;
  const { anomaly } = item;
  const primary = decision.kind === 'open' || decision.becomesPrimary;
  const notes = [
    `grouping rule: ${decision.rule}`,
    ...(decision.kind === 'join' && decision.becomesPrimary && input.previousPrimaryId
      ? [`became primary over ${input.previousPrimaryId} (more severe or earlier)`]
      : []),
  ];
  return {
    incident_id: incident.id,
    incident_status: 'open',
    event_is_primary: primary,
    suppression_reason: suppressionReason(decision, input.previousPrimaryId),
    event_count: incident.eventCount,
    coalesce_window_seconds: config.coalesce_window_seconds,
    root_component: incident.rootComponent,
    trace_id: anomaly.context.trace_id ?? incident.traceIds[0] ?? null,
    opened_at: toIso(incident.openedAt),
    updated_at: toIso(incident.updatedAt),
    closed_at: null,
    impact_scope: [...incident.components],
    detection_method: decision.rule,
    reason: decision.reason,
    gemini_validation: anomaly.gemini_validation,
    data: {
      component: anomaly.context.component,
      component_meta: item.componentMeta,
      component_context: componentContext(anomaly.context.component, item.componentMeta),
      log_message: anomaly.context.log_message,
      log_level: anomaly.context.log_level,
      anomaly_score: anomaly.score,
      detection_reason: anomaly.detection.reason,
      reason: decision.reason,
      notes,
      source_agent: { ...ORCHESTRATOR_SOURCE },
      event_processing_timestamp: toIso(now),
    },
  };
}

/** The block of a primary that a more severe (or earlier) event displaced. */
export function demoted(data: OrchestratorData, byId: string, now: number): OrchestratorData {
  return {
    ...data,
    event_is_primary: false,
    suppression_reason: `Secondary event: superseded as primary by ${byId} (more severe, or as severe and earlier)`,
    updated_at: toIso(now),
    data: { ...data.data, notes: [...data.data.notes, `demoted: ${byId} became primary`] },
  };
}
