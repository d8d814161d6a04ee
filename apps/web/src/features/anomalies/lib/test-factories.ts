import type { Anomaly, IncidentStack, OrchestratorData } from '@vigil/contract';

/** Small, valid contract objects for the tests of this feature; override what a test is about. */
export function makeAnomaly(overrides: Partial<Anomaly> = {}): Anomaly {
  return {
    id: 'a-1',
    description: '2026-01-02T03:04:05Z connection refused',
    severity: 'high',
    timestamp: '2026-01-02T03:04:05.000Z',
    type: 'log_anomaly',
    score: 0.8,
    status: 'open',
    source_system: 'orders-db',
    assigned_to: null,
    tags: [],
    display_component: 'Orders Db',
    display_meta: { env: 'prod', layer: 'database' },
    orchestrator_data: null,
    remediation_data: null,
    rca_data: null,
    traceability_data: null,
    gemini_validation: null,
    detection: {
      confidence_score: 0.8,
      confidence_level: 'high',
      model_version: 'm1',
      processing_time: 0.01,
      reason: 'fired',
      ensemble_votes: {},
      individual_scores: {},
    },
    context: {
      component: 'orders-db',
      log_level: 'ERROR',
      trace_id: 'abcdef0123456789',
      span_id: null,
      source_agent: { name: 'anomaly_detector', version: '1' },
      log_message: 'connection refused',
    },
    ...overrides,
  };
}

export function makeOrchestratorData(overrides: Partial<OrchestratorData> = {}): OrchestratorData {
  return {
    incident_id: 7,
    incident_status: 'open',
    event_is_primary: true,
    suppression_reason: null,
    event_count: 1,
    coalesce_window_seconds: 300,
    root_component: 'orders-db',
    trace_id: '0123456789abcdef',
    opened_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:05.000Z',
    closed_at: null,
    impact_scope: ['orders-db'],
    detection_method: 'new_incident',
    reason: 'new incident',
    gemini_validation: null,
    data: {
      component: 'orders-db',
      component_meta: {
        friendly_name: 'Orders Database',
        env: 'prod',
        namespace: 'shop',
        layer: 'database',
        version: null,
      },
      component_context: { identity: { friendly_name: 'Orders Database', id: 'orders-db' } },
      log_message: '2026-01-02T03:04:05Z connection refused',
      log_level: 'ERROR',
      anomaly_score: 0.8,
      detection_reason: 'fired',
      reason: 'new incident',
      notes: [],
      source_agent: { name: 'orchestrator', version: '1' },
      event_processing_timestamp: '2026-01-02T03:04:06.000Z',
    },
    ...overrides,
  };
}

export function makeStack(overrides: Partial<IncidentStack> = {}): IncidentStack {
  return {
    incident_id: 3,
    top_event_id: 'top-1',
    top_event_message: '2026-01-02 03:04:05,123 pool exhausted',
    top_event_component: 'payments',
    top_event_severity: 'critical',
    top_event_status: 'open',
    top_event_timestamp: '2026-01-02T03:04:05.000Z',
    top_event_meta: { env: 'prod', layer: 'backend' },
    top_event_is_primary: true,
    root_component: 'orders-db',
    trace_id: 'fedcba9876543210',
    opened_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:05:05.000Z',
    incident_status: 'open',
    count_total: 4,
    count_suppressed: 3,
    ...overrides,
  };
}
