import { z } from 'zod';
import { AgentStatus } from './agents';
import { AgentId, IsoTimestamp } from './common';

/**
 * Settings API shapes (spec part 2 sections 2.4, 3, 7.3). Values travel as flat dotted paths
 * (`agents.orchestrator.burst_threshold`); `GET /api/settings/config` is the only nested answer.
 * Secrets are write-only: a set secret comes back as SECRET_MARKER, and sending the marker back
 * keeps the stored value.
 */
export const SECRET_MARKER = '••••••••';

/** One stored value. Lists are string lists, edited one item per line. */
export const ConfigValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type ConfigValue = z.infer<typeof ConfigValue>;

export const ConfigValues = z.record(z.string(), ConfigValue);
export type ConfigValues = z.infer<typeof ConfigValues>;

/** A flat map of dotted config paths to values (PUT bodies of global and agent settings). */
export const DottedValues = z.record(z.string(), z.unknown(), {
  error: 'Expected an object of dotted config paths to values',
});
export type DottedValues = z.infer<typeof DottedValues>;

/** The nested form of a block (`GET /api/settings/config`, the BigQuery answers). */
export type ConfigTree = { [key: string]: ConfigTree | ConfigValue };
export const ConfigTree: z.ZodType<ConfigTree> = z.lazy(() =>
  z.record(z.string(), z.union([ConfigValue, ConfigTree])),
);

export const ConfigFieldKind = z.enum([
  'integer',
  'number',
  'boolean',
  'string',
  'enum',
  'string_list',
]);
export type ConfigFieldKind = z.infer<typeof ConfigFieldKind>;

/** Everything the console needs to render, bound-check and badge one field. */
export const ConfigFieldMeta = z.object({
  path: z.string(),
  kind: ConfigFieldKind,
  default: ConfigValue,
  description: z.string(),
  /** `global` or the agent id whose tab shows the field. */
  owner: z.union([z.literal('global'), AgentId]),
  /** The card (section) the field belongs to. */
  section: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Choices of an enum, or of each item of a list. */
  options: z.array(z.string()).nullable(),
  restart_required: z.boolean(),
  secret: z.boolean(),
  /** False: stored and validated, but nothing in this deployment reads it. */
  used_by_deployment: z.boolean(),
  /** Enum values accepted but with no mechanism in this deployment. */
  unused_values: z.array(z.string()),
});
export type ConfigFieldMeta = z.infer<typeof ConfigFieldMeta>;

/** One block (global or one agent): current values (secrets masked) and their field metadata. */
export const SettingsBlock = z.object({
  values: ConfigValues,
  fields: z.array(ConfigFieldMeta),
  /** When any value of the block was last saved; null while everything is a default. */
  saved_at: IsoTimestamp.nullable(),
});
export type SettingsBlock = z.infer<typeof SettingsBlock>;

/** `GET /api/settings/global` data. */
export const GlobalSettings = SettingsBlock;
export type GlobalSettings = z.infer<typeof GlobalSettings>;

/** `GET /api/settings/agents/{id}` data. */
export const AgentSettings = SettingsBlock.extend({
  agent_id: AgentId,
  name: z.string(),
  status: AgentStatus,
});
export type AgentSettings = z.infer<typeof AgentSettings>;

/** `GET /api/settings/agents` data. */
export const AgentSettingsList = z.object({ agents: z.array(AgentSettings) });
export type AgentSettingsList = z.infer<typeof AgentSettingsList>;

/** `GET /api/settings/config` data: global_config plus one nested block per agent. */
export const SystemConfig = z.object({
  global_config: ConfigTree,
  orchestrator: ConfigTree,
  anomaly_detector: ConfigTree,
  traceability: ConfigTree,
  rca: ConfigTree,
  remediation: ConfigTree,
  executor: ConfigTree,
  collaborator: ConfigTree,
});
export type SystemConfig = z.infer<typeof SystemConfig>;

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** `POST /api/settings/config/validate` data. Nothing is saved. */
export const ValidationResult = z.object({
  valid: z.boolean(),
  errors: z.array(ValidationIssue),
  warnings: z.array(ValidationIssue),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

/**
 * The answer to every save. An invalid save is a 400 whose `errors` list every bad key, and
 * changes nothing. `restart_required` lists the changed keys that apply only after a restart.
 */
export const SaveResult = z.object({
  changed: z.array(z.string()),
  restart_required: z.array(z.string()),
  warnings: z.array(ValidationIssue),
  saved_at: IsoTimestamp,
});
export type SaveResult = z.infer<typeof SaveResult>;

export const ConfigUpdateRequest = z.object({
  config_path: z.string().min(1, 'config_path is required'),
  value: z.unknown(),
});
export type ConfigUpdateRequest = z.infer<typeof ConfigUpdateRequest>;

export const ConfigValidateRequest = ConfigUpdateRequest.extend({
  validate_only: z.boolean().default(true),
});
export type ConfigValidateRequest = z.infer<typeof ConfigValidateRequest>;

/** `GET /api/settings/` data: the console's connection test before it reloads the settings. */
export const SettingsApiStatus = z.object({ status: z.literal('ok') });
export type SettingsApiStatus = z.infer<typeof SettingsApiStatus>;

/** `POST /api/settings/agents/{id}/restart` data: the agent's status after the restart. */
export const RestartAgentResult = z.object({
  agent: AgentStatus,
  restarted_at: IsoTimestamp,
});
export type RestartAgentResult = z.infer<typeof RestartAgentResult>;

export const DatabaseEngine = z.enum(['sqlite', 'postgres', 'bigquery', 'hybrid']);
export const LogLevel = z.enum(['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL']);

export const IntegrationType = z.enum(['otel', 'gemini', 'bigquery', 'postgres', 'email']);
export type IntegrationType = z.infer<typeof IntegrationType>;

export const IntegrationStatus = z.enum(['configured', 'not_configured', 'error']);
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;

/** One card of the Integrations tab. `config` keys are dotted paths; secrets come back masked. */
export const Integration = z.object({
  type: IntegrationType,
  name: z.string(),
  status: IntegrationStatus,
  /** Why the status is `error` (or not configured); null when configured. */
  status_detail: z.string().nullable(),
  agents: z.array(AgentId),
  config: ConfigValues,
  used_by_deployment: z.boolean(),
});
export type Integration = z.infer<typeof Integration>;

/** `GET /api/settings/integrations` data. */
export const IntegrationList = z.object({ integrations: z.array(Integration) });
export type IntegrationList = z.infer<typeof IntegrationList>;

/** `POST /api/settings/integrations/bigquery/test-connection` data (a failure is still a 200). */
export const BigQueryTestResult = z.object({
  status: z.enum(['Connected', 'Failed']),
  connected: z.boolean(),
  /** What was reached, or the reason it failed. */
  detail: z.string(),
  latency_ms: z.number().nonnegative(),
});
export type BigQueryTestResult = z.infer<typeof BigQueryTestResult>;

/**
 * `GET /api/settings/database/bigquery/global` and `/agents/{id}` data: the nested `bigquery`
 * block (keys below `bigquery.` or `agents.{id}.bigquery.`) and its field metadata.
 */
export const BigQuerySettings = z.object({
  bigquery: ConfigTree,
  fields: z.array(ConfigFieldMeta),
});
export type BigQuerySettings = z.infer<typeof BigQuerySettings>;

/** PUT body of both BigQuery calls: a (partial) nested `bigquery` block. */
export const BigQueryUpdateBody = z.object({
  bigquery: z.record(z.string(), z.unknown()),
});
export type BigQueryUpdateBody = z.infer<typeof BigQueryUpdateBody>;
