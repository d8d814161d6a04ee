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
import type { RcaConfig } from '../agents/rca/rca-config';
import type { RemediationConfig } from '../agents/remediation/remediation-config';
import type { TraceabilityConfig } from '../agents/traceability/traceability-config';
import type { TraceStoreConfig } from '../agents/traceability/trace-store-client';
import type { OwnershipRule } from '../agents/anomaly-detector/ownership';
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
  };
}

export function rcaConfigFrom(values: ConfigValues): RcaConfig {
  return { max_evidence_items: readValues(values).number('agents.rca.max_evidence_items') };
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
