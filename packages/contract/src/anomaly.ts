import { z } from 'zod';
import { IsoTimestamp, QueryBoolean, Severity, SourceAgent, TimeFilter } from './common';

export const ConfidenceLevel = z.enum(['low', 'medium', 'high']);

export const Detection = z.object({
  confidence_score: z.number().min(0).max(1),
  confidence_level: ConfidenceLevel,
  model_version: z.string(),
  /** Seconds. */
  processing_time: z.number().nonnegative(),
  reason: z.string(),
  /** Model name to its vote. */
  ensemble_votes: z.record(z.string(), z.boolean()),
  /** Model name to its score in [0, 1]. */
  individual_scores: z.record(z.string(), z.number().min(0).max(1)),
});
export type Detection = z.infer<typeof Detection>;

export const AnomalyContext = z.object({
  component: z.string(),
  log_level: z.string(),
  trace_id: z.string().nullable(),
  span_id: z.string().nullable(),
  source_agent: SourceAgent,
  log_message: z.string(),
  /** The mined template this event matched (beyond the spec: lets operators act on a whole template). */
  template_id: z.string().nullable().optional(),
  template: z.string().nullable().optional(),
});
export type AnomalyContext = z.infer<typeof AnomalyContext>;

/** The second-stage check (named gemini_validation by the spec; deterministic by default). */
export const Validation = z.object({
  validated: z.boolean(),
  confidence: z.number().min(0).max(1),
  gemini_confidence: z.number().min(0).max(1).optional(),
  new_keywords: z.array(z.string()),
  analysis: z.string(),
  context_analysis: z.string().optional(),
});
export type Validation = z.infer<typeof Validation>;

export const ComponentMeta = z.object({
  friendly_name: z.string(),
  env: z.string(),
  namespace: z.string(),
  layer: z.string(),
  version: z.string().nullable(),
});
export type ComponentMeta = z.infer<typeof ComponentMeta>;

export const OrchestratorEventData = z.object({
  component: z.string(),
  component_meta: ComponentMeta,
  component_context: z.object({
    identity: z.object({ friendly_name: z.string(), id: z.string() }),
  }),
  log_message: z.string(),
  log_level: z.string(),
  anomaly_score: z.number().min(0).max(1),
  detection_reason: z.string(),
  reason: z.string(),
  notes: z.array(z.string()),
  source_agent: SourceAgent,
  event_processing_timestamp: IsoTimestamp,
});
export type OrchestratorEventData = z.infer<typeof OrchestratorEventData>;

export const IncidentStatus = z.enum(['open', 'closed']);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

export const OrchestratorData = z.object({
  incident_id: z.number().int().positive(),
  incident_status: IncidentStatus,
  event_is_primary: z.boolean(),
  suppression_reason: z.string().nullable(),
  event_count: z.number().int().positive(),
  coalesce_window_seconds: z.number().nonnegative(),
  root_component: z.string().nullable(),
  trace_id: z.string().nullable(),
  opened_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  closed_at: IsoTimestamp.nullable(),
  impact_scope: z.array(z.string()),
  detection_method: z.string(),
  /** In words: why this event was grouped where it was. */
  reason: z.string(),
  gemini_validation: Validation.nullable(),
  data: OrchestratorEventData,
});
export type OrchestratorData = z.infer<typeof OrchestratorData>;

export const EvidenceKind = z.enum(['log', 'span', 'metric', 'topology', 'timing', 'change']);
export const Evidence = z.object({
  kind: EvidenceKind,
  component: z.string(),
  /** The fact, in words. */
  summary: z.string(),
  /** Where it comes from: a log record, a span, a metric series. */
  source: z.string(),
  timestamp: IsoTimestamp.nullable(),
});
export type Evidence = z.infer<typeof Evidence>;

export const RcaData = z.object({
  rca_summary: z.string(),
  root_cause: z.string(),
  root_component: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  evidence: z.array(Evidence),
  analysis_steps: z.array(z.string()),
});
export type RcaData = z.infer<typeof RcaData>;

export const MatchedAction = z.object({
  action_id: z.string(),
  name: z.string(),
  score: z.number().min(0).max(1),
  reasons: z.array(z.string()),
});
export type MatchedAction = z.infer<typeof MatchedAction>;

export const RemediationData = z.object({
  failure_kind: z.string().nullable(),
  remediation_steps: z.array(z.string()),
  preventive_measures: z.array(z.string()),
  verification: z.array(z.string()),
  matched_actions: z.array(MatchedAction),
});
export type RemediationData = z.infer<typeof RemediationData>;

/** Other backends send analysis as text items; the console parses both forms. */
export const ContentResult = z.object({
  result: z.object({
    content: z.array(z.object({ type: z.string(), text: z.string() })),
  }),
});
export type ContentResult = z.infer<typeof ContentResult>;

export const CorrelatedLog = z.object({
  component: z.string(),
  message: z.string(),
  level: z.string(),
  timestamp: IsoTimestamp,
  trace_id: z.string().nullable(),
});
export type CorrelatedLog = z.infer<typeof CorrelatedLog>;

export const TraceabilityData = z.object({
  correlation_method: z.enum(['trace', 'time_and_topology']),
  correlated_logs: z.array(CorrelatedLog),
  root_system_log: CorrelatedLog.extend({ is_root_cause: z.boolean() }).nullable(),
});
export type TraceabilityData = z.infer<typeof TraceabilityData>;

export const AnomalyStatus = z.enum(['open', 'confirmed', 'false_positive', 'resolved']);
export type AnomalyStatus = z.infer<typeof AnomalyStatus>;

export const Anomaly = z.object({
  id: z.string(),
  description: z.string(),
  severity: Severity,
  /** Event time: the log's own timestamp. */
  timestamp: IsoTimestamp,
  type: z.string(),
  score: z.number().min(0).max(1),
  status: AnomalyStatus,
  source_system: z.string(),
  assigned_to: z.string().nullable(),
  tags: z.array(z.string()),
  display_component: z.string(),
  display_meta: z.object({ env: z.string(), layer: z.string() }),
  orchestrator_data: OrchestratorData.nullable(),
  remediation_data: RemediationData.nullable(),
  rca_data: RcaData.nullable(),
  traceability_data: TraceabilityData.nullable(),
  gemini_validation: Validation.nullable(),
  detection: Detection,
  context: AnomalyContext,
});
export type Anomaly = z.infer<typeof Anomaly>;

export const IncidentStack = z.object({
  incident_id: z.number().int().positive(),
  top_event_id: z.string(),
  top_event_message: z.string(),
  top_event_component: z.string(),
  top_event_severity: Severity,
  top_event_status: AnomalyStatus,
  top_event_timestamp: IsoTimestamp,
  top_event_meta: z.object({ env: z.string(), layer: z.string() }),
  top_event_is_primary: z.boolean(),
  root_component: z.string().nullable(),
  trace_id: z.string().nullable(),
  opened_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  incident_status: IncidentStatus,
  count_total: z.number().int().positive(),
  count_suppressed: z.number().int().nonnegative(),
});
export type IncidentStack = z.infer<typeof IncidentStack>;

export const AnomalyListQuery = z.object({
  time_filter: TimeFilter.default('all'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(100),
  group_by_incident: QueryBoolean.default(false),
  include_suppressed: QueryBoolean.default(true),
  incident_id: z.coerce.number().int().positive().optional(),
});
export type AnomalyListQuery = z.infer<typeof AnomalyListQuery>;

export const AnomalyListData = z.object({
  anomalies: z.union([z.array(Anomaly), z.array(IncidentStack)]),
});

export const AnomalyFeedback = z.object({
  /** Who gives the verdict, for the audit trail. */
  by: z.string().trim().min(1).max(200).default('operator'),
  verdict: z.enum(['false_positive', 'confirmed']),
  comment: z.string().max(2_000).optional(),
});
export type AnomalyFeedback = z.infer<typeof AnomalyFeedback>;
