import type { Anomaly, ApprovedAction, Execution, Severity } from '@vigil/contract';
import { monotonicFactory } from 'ulid';
import type { AnomalyColumns } from './anomalies-repository';
import type { AuditEntryInput } from './audit-repository';
import type { NewIncident } from './incidents-repository';
import type { TemplateRecord } from './templates-repository';

/** A fixed "now" for tests: 2026-01-01T00:00:00Z. */
export const T0 = Date.UTC(2026, 0, 1);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const nextId = monotonicFactory();
const iso = (ms: number) => new Date(ms).toISOString();

export interface AnomalyOptions {
  id?: string;
  eventTime?: number;
  /** null: not (yet) grouped into an incident. */
  incidentId?: number | null;
  isPrimary?: boolean;
  severity?: Severity;
  component?: string;
  description?: string;
  traceId?: string | null;
}

const VALIDATION: NonNullable<Anomaly['gemini_validation']> = {
  validated: true,
  confidence: 0.82,
  gemini_confidence: 0.8,
  new_keywords: ['gateway', 'timeout'],
  analysis: 'Timeouts cluster on one downstream call.',
};

const DETECTION: Anomaly['detection'] = {
  confidence_score: 0.88,
  confidence_level: 'high',
  model_version: 'ensemble-1',
  processing_time: 0.004,
  reason: 'rare template and error burst',
  ensemble_votes: { rarity: true, burst: true, keywords: false },
  individual_scores: { rarity: 0.93, burst: 0.81, keywords: 0.2 },
};

/** A fully populated anomaly: every nested block present, so round trips cover them all. */
export function makeAnomaly(options: AnomalyOptions = {}): Anomaly {
  const eventTime = options.eventTime ?? T0;
  const component = options.component ?? 'checkout-api';
  const description =
    options.description ?? `${iso(eventTime)} ERROR payment gateway timeout after 30000 ms`;
  const traceId =
    options.traceId === undefined ? '4bf92f3577b34da6a3ce929d0e0e4736' : options.traceId;
  const incidentId = options.incidentId ?? null;
  return {
    id: options.id ?? nextId(),
    description,
    severity: options.severity ?? 'high',
    timestamp: iso(eventTime),
    type: 'log_anomaly',
    score: 0.91,
    status: 'open',
    source_system: component,
    assigned_to: null,
    tags: ['payments', 'timeout'],
    display_component: 'Checkout API',
    display_meta: { env: 'prod', layer: 'backend' },
    orchestrator_data:
      incidentId === null ? null : orchestratorData(incidentId, options, component, eventTime),
    ...analysisBlocks(component, eventTime, traceId),
    gemini_validation: VALIDATION,
    detection: DETECTION,
    context: {
      component,
      log_level: 'ERROR',
      trace_id: traceId,
      span_id: '00f067aa0ba902b7',
      source_agent: { name: 'anomaly_detector', version: '0.1.0' },
      log_message: description,
    },
  };
}

function analysisBlocks(
  component: string,
  eventTime: number,
  traceId: string | null,
): Pick<Anomaly, 'remediation_data' | 'rca_data' | 'traceability_data'> {
  const rootLog = {
    component: 'payments-gateway',
    message: 'pool exhausted',
    level: 'WARN',
    timestamp: iso(eventTime - 500),
    trace_id: traceId,
  };
  return {
    remediation_data: {
      failure_kind: 'dependency_timeout',
      remediation_steps: ['Restart the payment gateway client pool'],
      preventive_measures: ['Add a circuit breaker'],
      verification: ['Error rate below 1% for 5 minutes'],
      matched_actions: [
        { action_id: 'act-1', name: 'Restart pool', score: 0.7, reasons: ['tag match: restart'] },
      ],
    },
    rca_data: {
      rca_summary: 'Gateway latency exceeded the client timeout.',
      root_cause: 'payments-gateway saturation',
      root_component: 'payments-gateway',
      confidence: 0.74,
      evidence: [
        {
          kind: 'log',
          component,
          summary: '42 timeouts in 5 minutes',
          source: 'log template t-1',
          timestamp: iso(eventTime),
        },
        {
          kind: 'metric',
          component: 'payments-gateway',
          summary: 'p95 4.2 s',
          source: 'latency',
          timestamp: null,
        },
      ],
      analysis_steps: ['Grouped timeouts by trace', 'Followed the slowest span'],
    },
    traceability_data: {
      correlation_method: 'trace',
      correlated_logs: [rootLog],
      root_system_log: { ...rootLog, is_root_cause: true },
    },
  };
}

function orchestratorData(
  incidentId: number,
  options: AnomalyOptions,
  component: string,
  eventTime: number,
): NonNullable<Anomaly['orchestrator_data']> {
  const isPrimary = options.isPrimary ?? true;
  return {
    incident_id: incidentId,
    incident_status: 'open',
    event_is_primary: isPrimary,
    suppression_reason: isPrimary ? null : 'duplicate within dedup window',
    event_count: 1,
    coalesce_window_seconds: 300,
    root_component: 'payments-gateway',
    trace_id: options.traceId ?? null,
    opened_at: iso(eventTime),
    updated_at: iso(eventTime),
    closed_at: null,
    impact_scope: [component, 'payments-gateway'],
    detection_method: 'ensemble',
    reason: isPrimary ? 'opened a new incident' : 'same template within the dedup window',
    gemini_validation: VALIDATION,
    data: {
      component,
      component_meta: {
        friendly_name: 'Checkout API',
        env: 'prod',
        namespace: 'shop',
        layer: 'backend',
        version: null,
      },
      component_context: { identity: { friendly_name: 'Checkout API', id: component } },
      log_message: options.description ?? 'payment gateway timeout',
      log_level: 'ERROR',
      anomaly_score: 0.91,
      detection_reason: 'rare template',
      reason: 'score above threshold',
      notes: ['first seen today'],
      source_agent: { name: 'anomaly_detector', version: '0.1.0' },
      event_processing_timestamp: iso(eventTime + 20),
    },
  };
}

export const anomalyColumns = (
  createdAt = T0,
  templateId: string | null = 't-1',
): AnomalyColumns => ({
  templateId,
  createdAt,
});

export const makeIncidentInput = (overrides: Partial<NewIncident> = {}): NewIncident => ({
  openedAt: T0,
  rootComponent: 'payments-gateway',
  traceId: null,
  impactScope: ['checkout-api'],
  details: { coalesce_window_seconds: 300, detection_method: 'ensemble' },
  ...overrides,
});

export const makeAction = (overrides: Partial<ApprovedAction> = {}): ApprovedAction => ({
  id: nextId(),
  name: 'Restart service',
  description: 'Restarts a deployment',
  template_command: {
    method: 'POST',
    url: 'http://ops.local/restart/{{service}}',
    headers: {},
    timeout: 30,
  },
  tags: ['restart'],
  keywords: ['restart', 'pod'],
  max_retries: 3,
  timeout_seconds: 300,
  required_parameters: { service: 'service name' },
  optional_parameters: {},
  safety_constraints: { business_hours_only: false, max_concurrent_limit: 1 },
  is_active: true,
  created_at: iso(T0),
  updated_at: iso(T0),
  ...overrides,
});

export const makeExecution = (overrides: Partial<Execution> = {}): Execution => ({
  id: nextId(),
  action_id: 'act-1',
  action_name: 'Restart service',
  incident_id: 1,
  anomaly_event_id: null,
  status: 'success',
  dry_run: false,
  request: {
    method: 'POST',
    url: 'http://ops.local/restart/api',
    headers: {},
    body: null,
    timeout_seconds: 30,
  },
  response_status: 200,
  retry_count: 0,
  duration_seconds: 1.5,
  error_message: null,
  triggered_by: 'executor',
  approved_by: null,
  verification: 'recovered',
  created_at: iso(T0),
  started_at: iso(T0),
  finished_at: iso(T0 + 1_500),
  ...overrides,
});

export const makeAuditInput = (overrides: Partial<AuditEntryInput> = {}): AuditEntryInput => ({
  timestamp: iso(T0),
  type: 'anomaly_detected',
  description: 'Anomaly detected in checkout-api',
  severity: 'medium',
  incident_id: null,
  anomaly_event_id: null,
  action_name: null,
  execution_status: null,
  retry_count: null,
  execution_duration: null,
  affected_services: ['checkout-api'],
  root_component: null,
  trace_id: null,
  triggered_by: 'anomaly_detector',
  agents_involved: ['anomaly_detector'],
  error_message: null,
  metadata: { source: 'test' },
  ...overrides,
});

export const makeTemplate = (overrides: Partial<TemplateRecord> = {}): TemplateRecord => ({
  id: nextId(),
  component: 'checkout-api',
  template: 'payment gateway timeout after <*> ms',
  count: 1,
  firstSeen: T0,
  lastSeen: T0,
  extras: { tokens: ['payment', 'gateway', 'timeout', 'after', '<*>', 'ms'], depth: 4 },
  ...overrides,
});
