import type { Anomaly, ComponentMeta, Detection, Severity, Validation } from '@vigil/contract';
import { toIso } from '../../shared/clock';
import type { MinedEvent } from './mined-event';
import { anomalyIdFor } from './anomaly-id';

export const SOURCE_AGENT = { name: 'anomaly_detector', version: '1.0.0' } as const;

export interface AnomalyFacts {
  event: MinedEvent;
  score: number;
  severity: Severity;
  detection: Detection;
  validation: Validation;
  meta: ComponentMeta;
  owner: string | null;
}

/** The stored anomaly document as the detector knows it; later agents fill their own blocks. */
export function buildAnomaly({
  event,
  score,
  severity,
  detection,
  validation,
  meta,
  owner,
}: AnomalyFacts): Anomaly {
  const { record } = event;
  const votedModels = Object.entries(detection.ensemble_votes)
    .filter(([, vote]) => vote)
    .map(([model]) => model);
  return {
    id: anomalyIdFor(record.id, record.time),
    description: record.body,
    severity,
    timestamp: toIso(record.time),
    type: 'log_anomaly',
    score,
    status: 'open',
    source_system: record.component,
    assigned_to: owner,
    tags: [
      ...new Set([meta.layer, ...votedModels, ...(event.isNewTemplate ? ['new-template'] : [])]),
    ],
    display_component: meta.friendly_name,
    display_meta: { env: meta.env, layer: meta.layer },
    orchestrator_data: null,
    remediation_data: null,
    rca_data: null,
    traceability_data: null,
    gemini_validation: validation,
    detection,
    context: {
      component: record.component,
      log_level: record.severityText,
      trace_id: record.traceId,
      span_id: record.spanId,
      source_agent: { ...SOURCE_AGENT },
      log_message: record.body,
      template_id: event.templateId,
      template: event.template,
    },
  };
}
