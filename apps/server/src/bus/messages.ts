import type {
  Anomaly,
  ComponentMeta,
  Execution,
  RcaData,
  RemediationData,
  TraceabilityData,
} from '@vigil/contract';

/** One detected anomaly with what the next agents need beyond the stored document. */
export interface DetectedAnomaly {
  anomaly: Anomaly;
  componentMeta: ComponentMeta;
  templateId: string;
  template: string;
  recordId: string;
}

/** `anomalies.detected`: everything one ingest batch produced, in event order. */
export interface AnomaliesDetected {
  items: DetectedAnomaly[];
}

/** `anomalies.feedback`: an operator's verdict on an anomaly. */
export interface AnomalyFeedbackMessage {
  anomalyId: string;
  component: string;
  templateId: string | null;
  verdict: 'false_positive' | 'confirmed';
  by: string;
}

/** `incidents.changed`: what happened to an incident (the orchestrator opens and closes them). */
export interface IncidentChangedMessage {
  incidentId: number;
  /** `verified`: the executor's closed loop saw no new anomaly after an action, so it may be closed. */
  change: 'opened' | 'event_added' | 'closed' | 'verified' | 'root_cause';
  /** With `root_cause`: the component the RCA agent judged to be the origin (the orchestrator stores it as root_component). */
  rootComponent?: string;
  /** With `root_cause`: how sure the RCA is (0–1). */
  confidence?: number;
  /** Set by the orchestrator on opened / event_added / closed. */
  incident?: IncidentSummary;
  /** The anomalies this change added (opened / event_added). */
  anomalyIds?: string[];
  /** With `closed`: why, in words (quiet period, verified remediation, capacity). */
  reason?: string;
}

/** The incident as the orchestrator announces it: enough for the analysis agents to start. */
export interface IncidentSummary {
  status: 'open' | 'closed';
  rootComponent: string | null;
  /** Affected components (impact scope), in the order they joined. */
  components: string[];
  traceIds: string[];
  primaryAnomalyId: string | null;
  eventCount: number;
  /** ISO 8601 UTC. */
  openedAt: string;
  updatedAt: string;
  closedAt: string | null;
}

/** One approved action an analysis matched, best first. */
export interface MatchedAction {
  action_id: string;
  score: number;
}

/** `analysis.ready` as the executor reads it: the actions matched for an incident. */
export interface AnalysisReadyMessage {
  incidentId: number;
  matchedActions: MatchedAction[];
  parameters?: Record<string, string | number | boolean>;
  anomalyEventId?: string;
  /**
   * Which analysis stage finished (absent: remediation, the executor's input). Traceability and RCA
   * announce their blocks here with no matched actions, so the next stage runs on their result.
   */
  stage?: AnalysisStage;
  traceability?: TraceabilityData;
  rca?: RcaData;
  remediation?: RemediationData;
}

export type AnalysisStage = 'traceability' | 'rca' | 'remediation';

export type ExecutionChange =
  'created' | 'started' | 'finished' | 'approved' | 'rejected' | 'verified' | 'verification_failed';

/** `executions.changed`: an execution record (secrets already masked) and what changed. */
export interface ExecutionChangedMessage {
  execution: Execution;
  change: ExecutionChange;
  affectedServices: string[];
  /** Who approved or rejected, for `approved` / `rejected`. */
  by: string | null;
}

/** `notifications.sent`: one delivery attempt series finished (secrets already masked). */
export interface NotificationSentMessage {
  notificationId: string;
  channel: 'email' | 'webhook';
  recipients: string[];
  subject: string;
  incidentId: number | null;
  status: 'sent' | 'failed';
  attempts: number;
  error: string | null;
}

/** `config.changed`: a settings save, after it is stored. */
export interface ConfigChangedMessage {
  /** Dotted keys whose value changed. */
  changed: string[];
  /** The changed keys that apply only after a server restart. */
  restartRequired: string[];
  /** The settings service that saved: other processes reload from the store, the saver does not. */
  origin: string;
}
