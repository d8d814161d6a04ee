import {
  DEFAULT_COLLABORATOR_CONFIG,
  type CollaboratorConfig,
} from '../agents/collaborator/collaborator-config';
import {
  DEFAULT_EXECUTOR_CONFIG,
  type BusinessHours,
  type ExecutorConfig,
} from '../agents/executor/executor-config';
import type { OrchestratorConfig } from '../agents/orchestrator/orchestrator-config';
import type { HealthSettings } from '../agents/shared/health-settings';
import type { RcaConfig } from '../agents/rca/rca-config';
import type { RemediationConfig } from '../agents/remediation/remediation-config';
import type { TraceabilityConfig } from '../agents/traceability/traceability-config';
import type { TraceStoreConfig } from '../agents/traceability/trace-store-client';
import type { OwnershipRule } from '../agents/anomaly-detector/ownership';
import type { GeminiValidationConfig } from '../agents/anomaly-detector/gemini-validation';
import type { GeminiSettings } from '../integrations/gemini/gemini-settings';
import type { NatsBusSettings } from '../bus/nats/nats-bus-settings';
import type { ConfigValues } from '../config/types';
import type { NormaliserConfig } from '../topology/normalise-component';
import { readValues } from './read-values';

/** Flat settings -> each agent's own config type. Pure; the agents read them through getters. */

const DAY_NUMBERS: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

/** `HH:00` (validated) -> the hour the executor's check compares with. */
const hourOf = (hhmm: string): number => Number(hhmm.slice(0, 2));

export function orchestratorConfigFrom(values: ConfigValues): OrchestratorConfig {
  const v = readValues(values);
  const key = (name: string): number => v.number(`agents.orchestrator.${name}`);
  return {
    dedup_window_seconds: key('dedup_window_seconds'),
    burst_window_seconds: key('burst_window_seconds'),
    burst_threshold: key('burst_threshold'),
    similarity_threshold: key('similarity_threshold'),
    coalesce_window_seconds: key('coalesce_window_seconds'),
    quiet_period_seconds: key('quiet_period_seconds'),
    timeout_seconds: key('timeout_seconds'),
    enrichment_interval_seconds: key('enrichment_interval_seconds'),
    enrichment_lookback_seconds: key('enrichment_lookback_seconds'),
    cleanup_interval_seconds: key('cleanup_interval_seconds'),
    max_history: key('max_history'),
  };
}

/** `agents.orchestrator.*` timeouts, agent registry and monitoring -> the agent registry's health settings. */
export function healthSettingsFrom(values: ConfigValues): HealthSettings {
  const v = readValues(values);
  const key = (name: string): number => v.number(`agents.orchestrator.${name}`);
  return {
    probeTimeoutMs: key('health_check_timeout_seconds') * 1_000,
    registryHealthIntervalMs: key('registry_health_interval_seconds') * 1_000,
    discoveryIntervalMs: key('discovery_interval_seconds') * 1_000,
    metricsWindowMs: key('metrics_interval_seconds') * 1_000,
    alertErrorRatio: key('alert_threshold'),
    maxPipelineErrorRate: key('max_error_rate'),
    maxStepMs: key('max_response_time_seconds') * 1_000,
  };
}

export function executorConfigFrom(values: ConfigValues): ExecutorConfig {
  const v = readValues(values);
  const key = (name: string): number => v.number(`agents.executor.${name}`);
  const hours: BusinessHours = {
    timezone: v.string('safety_validation.business_hours.timezone'),
    start: hourOf(v.string('safety_validation.business_hours.start')),
    end: hourOf(v.string('safety_validation.business_hours.end')),
    days: v
      .list('safety_validation.business_hours.days')
      .map((day) => DAY_NUMBERS[day])
      .filter((day): day is number => day !== undefined),
  };
  return {
    ...DEFAULT_EXECUTOR_CONFIG,
    kill_switch: v.boolean('safety_validation.kill_switch'),
    auto_execute: v.boolean('agents.executor.auto_execute'),
    approval_required: v.boolean('agents.executor.approval_required'),
    max_concurrent: key('max_concurrent_executions'),
    default_timeout_seconds: key('default_timeout_seconds'),
    max_retries: key('max_retries'),
    retry_delay_seconds: key('retry_delay_seconds'),
    rate_limit_window_minutes: key('rate_limit.window_minutes'),
    max_executions: key('rate_limit.max_executions'),
    business_hours: hours,
    allowlist: v.list('safety_validation.host_allowlist'),
    dry_run_default: v.boolean('safety_validation.dry_run_default'),
    concurrent_limit: key('concurrent_limit'),
    verification_window_seconds: key('verification_window_seconds'),
    validation_timeout_seconds: key('validation_timeout_seconds'),
  };
}

export function collaboratorConfigFrom(values: ConfigValues): CollaboratorConfig {
  const v = readValues(values);
  const key = (name: string): string => `collaborator.email_service.${name}`;
  return {
    ...DEFAULT_COLLABORATOR_CONFIG,
    email_service: {
      ...DEFAULT_COLLABORATOR_CONFIG.email_service,
      smtp_server: v.string(key('smtp_server')),
      smtp_port: v.number(key('smtp_port')),
      sender_email: v.string(key('sender_email')),
      recipients: v.list(key('recipients')),
      email_timeout_seconds: v.number(key('email_timeout_seconds')),
      smtp_username: v.string(key('smtp_user')),
      smtp_password: v.string(key('smtp_password')),
    },
  };
}

export function traceabilityConfigFrom(values: ConfigValues): TraceabilityConfig {
  const v = readValues(values);
  return {
    time_window_seconds: v.number('agents.traceability.time_window_seconds'),
    correlation_window_seconds: v.number('agents.traceability.correlation_window_seconds'),
    log_query_limit: v.number('agents.traceability.log_query_limit'),
    trace_query_limit: v.number('agents.traceability.trace_query_limit'),
  };
}

export function rcaConfigFrom(values: ConfigValues): RcaConfig {
  const v = readValues(values);
  return {
    max_evidence_items: v.number('agents.rca.max_evidence_items'),
    analysis_timeout_seconds: v.number('agents.rca.analysis_timeout_seconds'),
  };
}

export function remediationConfigFrom(values: ConfigValues): RemediationConfig {
  const v = readValues(values);
  return {
    matching: {
      keyword_weight: v.number('agents.executor.matching.keyword_weight'),
      tag_weight: v.number('agents.executor.matching.tag_weight'),
      description_weight: v.number('agents.executor.matching.description_weight'),
    },
    match_threshold: v.number('agents.remediation.match_threshold'),
    max_recommendations: v.number('agents.remediation.max_recommendations'),
  };
}

/** `pattern=team` lines (validated) -> ownership rules. */
export function ownershipRulesFrom(values: ConfigValues): OwnershipRule[] {
  return readValues(values)
    .list('agents.anomaly_detector.ownership_rules')
    .map((line) => {
      const at = line.indexOf('=');
      return { pattern: line.slice(0, at).trim(), owner: line.slice(at + 1).trim() };
    });
}

/** Synonym groups: one group per line, names comma-separated, the first name canonical. */
export function normaliserConfigFrom(values: ConfigValues): NormaliserConfig {
  const v = readValues(values);
  return {
    synonymGroups: v
      .list('otel.synonym_groups')
      .map((line) =>
        line
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      )
      .filter((group) => group.length > 0),
    knownTaxonomies: v.list('otel.known_taxonomies'),
  };
}

/** `otel.*` -> the traceability agent's external trace look-ups. */
export function traceStoreConfigFrom(values: ConfigValues): TraceStoreConfig {
  const v = readValues(values);
  return {
    baseUrl: v.string('otel.base_url'),
    timeoutSeconds: v.number('otel.timeout_seconds'),
    maxRetries: v.number('otel.max_retries'),
    freshnessSeconds: v.number('otel.freshness_threshold_seconds'),
  };
}

/** The detector's pub/sub and worker settings, applied to the NATS bus when it starts. */
export function natsBusSettingsFrom(values: ConfigValues): NatsBusSettings {
  const v = readValues(values);
  const key = (name: string): number => v.number(`agents.anomaly_detector.${name}`);
  return {
    ackDeadlineSeconds: key('pubsub.ack_deadline_seconds'),
    awaitSeconds: key('pubsub.await_seconds'),
    publisherBatchSize: key('pubsub.publisher_batch_size'),
    publisherMaxLatencySeconds: key('pubsub.publisher_max_latency_seconds'),
    retryTimeoutSeconds: key('pubsub.retry_timeout_seconds'),
    poolSize: key('workers.pool_size'),
    messagesPerWorker: key('workers.messages_per_worker'),
    drainTimeoutSeconds: key('workers.drain_timeout_seconds'),
    queueDepthIntervalSeconds: key('workers.queue_depth_interval_seconds'),
  };
}

/** Record batches the detector handles at once on the in-process bus (live). */
export function detectorBatchesFrom(values: ConfigValues): number {
  return readValues(values).number('agents.anomaly_detector.ingest.max_concurrent_batches');
}

/** `rca.gemini.*` -> the Gemini client (RCA review and detector validation); calls bounded by the network timeout. */
export function geminiSettingsFrom(values: ConfigValues): GeminiSettings {
  const v = readValues(values);
  const key = (name: string): string => `rca.gemini.${name}`;
  return {
    project: v.string(key('project')),
    location: v.string(key('location')),
    model: v.string(key('model')),
    credentialsPath: v.string(key('credentials_path')),
    temperature: v.number(key('temperature')),
    topP: v.number(key('top_p')),
    responseMimeType: v.string(key('response_mime_type')),
    apiEndpoint: v.string(key('api_endpoint')),
    timeoutSeconds: v.number('network.default_timeout'),
  };
}

/** `agents.anomaly_detector.gemini.*` -> how Gemini's answers are judged. */
export function geminiValidationConfigFrom(values: ConfigValues): GeminiValidationConfig {
  const v = readValues(values);
  const key = (name: string): number => v.number(`agents.anomaly_detector.gemini.${name}`);
  return {
    validation_threshold: key('validation_threshold'),
    default_confidence: key('default_confidence'),
    keyword_confidence: key('keyword_confidence'),
  };
}
