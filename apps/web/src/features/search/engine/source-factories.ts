import type {
  AgentStatus,
  Anomaly,
  ApprovedAction,
  ArchitectureNode,
  AuditEntry,
  IncidentStack,
} from '@vigil/contract';

/** Complete source records for tests, each overridable. */

const AT = '2026-11-20T10:00:00.000Z';

export function makeAnomaly(overrides: Partial<Anomaly> = {}): Anomaly {
  const agent = { name: 'anomaly_detector', version: '1' };
  return {
    id: 'an-1',
    description: '2026-11-20T10:00:00Z connection refused to orders-db',
    severity: 'high',
    timestamp: AT,
    type: 'log_anomaly',
    score: 0.9,
    status: 'open',
    source_system: 'checkout',
    assigned_to: null,
    tags: ['database', 'postgres', 'checkout'],
    display_component: 'checkout',
    display_meta: { env: 'prod', layer: 'backend' },
    orchestrator_data: {
      incident_id: 7,
      incident_status: 'open',
      event_is_primary: true,
      suppression_reason: null,
      event_count: 3,
      coalesce_window_seconds: 300,
      root_component: 'orders-db',
      trace_id: 'trace-1',
      opened_at: AT,
      updated_at: AT,
      closed_at: null,
      impact_scope: ['checkout'],
      detection_method: 'ensemble',
      reason: 'new incident',
      gemini_validation: null,
      data: {
        component: 'checkout',
        component_meta: {
          friendly_name: 'Checkout',
          env: 'prod',
          namespace: 'shop',
          layer: 'backend',
          version: null,
        },
        component_context: { identity: { friendly_name: 'Checkout', id: 'checkout' } },
        log_message: 'ECONNREFUSED 10.0.0.5:5432',
        log_level: 'ERROR',
        anomaly_score: 0.9,
        detection_reason: 'rare template with error level',
        reason: 'rare',
        notes: [],
        source_agent: agent,
        event_processing_timestamp: AT,
      },
    },
    remediation_data: null,
    rca_data: null,
    traceability_data: null,
    gemini_validation: null,
    detection: {
      confidence_score: 0.9,
      confidence_level: 'high',
      model_version: '1',
      processing_time: 0.01,
      reason: 'rare',
      ensemble_votes: {},
      individual_scores: {},
    },
    context: {
      component: 'checkout',
      log_level: 'ERROR',
      trace_id: 'trace-1',
      span_id: null,
      source_agent: agent,
      log_message: 'ECONNREFUSED 10.0.0.5:5432',
    },
    ...overrides,
  };
}

export function makeIncident(overrides: Partial<IncidentStack> = {}): IncidentStack {
  return {
    incident_id: 7,
    top_event_id: 'an-1',
    top_event_message: 'connection refused to orders-db',
    top_event_component: 'checkout',
    top_event_severity: 'high',
    top_event_status: 'open',
    top_event_timestamp: AT,
    top_event_meta: { env: 'prod', layer: 'backend' },
    top_event_is_primary: true,
    root_component: 'orders-db',
    trace_id: 'trace-1',
    opened_at: AT,
    updated_at: AT,
    incident_status: 'open',
    count_total: 3,
    count_suppressed: 2,
    ...overrides,
  };
}

export function makeAction(overrides: Partial<ApprovedAction> = {}): ApprovedAction {
  return {
    id: 'act-1',
    name: 'Restart orders-db',
    description: 'Restarts the database pod',
    template_command: { method: 'POST', url: 'http://ops/restart', headers: {} },
    tags: ['database', 'restart', 'k8s'],
    keywords: ['restart', 'reboot'],
    max_retries: 3,
    timeout_seconds: 300,
    required_parameters: {},
    optional_parameters: {},
    safety_constraints: {},
    is_active: true,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: AT,
    ...overrides,
  };
}

export function makeNode(overrides: Partial<ArchitectureNode> = {}): ArchitectureNode {
  return {
    id: 'orders-db',
    label: 'Orders DB',
    name: 'orders-db',
    group: 'database',
    type: 'database',
    layer: 'database',
    status: 'unhealthy',
    health_score: 0.4,
    environment: 'prod',
    namespace: 'shop',
    tags: {},
    metrics: {
      request_rate: 1,
      error_rate: 50,
      response_time: 10,
      response_time_p95: 20,
      response_time_p99: 30,
      cpu_usage: null,
      memory_usage: null,
      availability: 50,
    },
    source: 'observed',
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'au-1',
    timestamp: AT,
    type: 'incident_opened',
    description: 'Incident #7 opened on orders-db',
    severity: 'high',
    incident_id: 7,
    anomaly_event_id: 'an-1',
    action_name: null,
    execution_status: null,
    retry_count: null,
    execution_duration: null,
    affected_services: ['checkout', 'payments'],
    root_component: 'orders-db',
    trace_id: 'trace-1',
    triggered_by: 'orchestrator',
    agents_involved: ['orchestrator', 'rca'],
    error_message: null,
    metadata: {},
    prev_hash: 'a',
    hash: 'b',
    ...overrides,
  };
}

export function makeAgentStatus(overrides: Partial<AgentStatus> = {}): AgentStatus {
  return {
    agent_id: 'executor',
    name: 'Executor',
    status: 'healthy',
    url: 'http://127.0.0.1:8080/agents/executor',
    last_seen: AT,
    restart_available: true,
    ...overrides,
  };
}
