import { z } from 'zod';

/** A flat map of dotted config paths to values (PUT /api/settings/global and agent updates). */
export const DottedValues = z.record(
  z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'Config paths are dotted snake_case keys'),
  z.unknown(),
);
export type DottedValues = z.infer<typeof DottedValues>;

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ValidationResult = z.object({
  valid: z.boolean(),
  errors: z.array(ValidationIssue),
  warnings: z.array(ValidationIssue),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

export const SaveResult = z.object({
  changed: z.array(z.string()),
  restart_required: z.array(z.string()),
  warnings: z.array(ValidationIssue),
});
export type SaveResult = z.infer<typeof SaveResult>;

export const ConfigUpdateRequest = z.object({
  config_path: z.string().min(1),
  value: z.unknown(),
});
export const ConfigValidateRequest = ConfigUpdateRequest.extend({
  validate_only: z.boolean().default(true),
});

export const DatabaseEngine = z.enum(['sqlite', 'postgres', 'bigquery', 'hybrid']);
export const LogLevel = z.enum(['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL']);

export const GlobalConfig = z.object({
  system: z.object({ version: z.string() }),
  network: z.object({
    default_host: z.string().min(1, 'Host cannot be empty'),
    default_timeout: z.number().min(1).max(300),
  }),
  server: z.object({
    host: z.string().min(1, 'Host cannot be empty'),
    port: z.number().int().min(1024).max(65_535),
    debug: z.boolean(),
    log_level: LogLevel,
  }),
  database: z.object({ engine: DatabaseEngine }),
});
export type GlobalConfig = z.infer<typeof GlobalConfig>;

export const IntegrationType = z.enum(['otel', 'gemini', 'bigquery', 'postgres', 'email']);
export const Integration = z.object({
  type: IntegrationType,
  name: z.string(),
  status: z.enum(['configured', 'not_configured', 'error']),
  agents: z.array(z.string()),
  /** Secrets come back masked. */
  config: z.record(z.string(), z.unknown()),
  used_by_deployment: z.boolean(),
});
export type Integration = z.infer<typeof Integration>;

export const BigQueryGlobalConfig = z.object({
  project_id: z.string(),
  dataset: z.string(),
  location: z.string().default('US'),
  credentials_path: z.string(),
  write_method: z
    .enum(['streaming_insert', 'batch_load', 'storage_write_api'])
    .default('streaming_insert'),
  job_timeout_seconds: z.number().int().min(1).max(3_600).default(60),
  retention: z.object({
    partition_expiration_days: z.number().int().min(1).max(3_650).default(14),
  }),
  performance: z.object({
    client_pool_size: z.number().int().min(1).max(50).default(10),
    enable_connection_pooling: z.boolean().default(true),
  }),
  streaming: z.object({
    enable_deduplication: z.boolean().default(true),
    max_row_size_mb: z.number().min(1).max(10).default(9),
  }),
  query: z.object({ enable_cache: z.boolean().default(true) }),
  tables: z.record(z.string(), z.string()),
});
export type BigQueryGlobalConfig = z.infer<typeof BigQueryGlobalConfig>;

export const BigQueryAgentOverrides = z.object({
  write_enabled: z.boolean().default(false),
  streaming: z.object({
    batch_size: z.number().int().min(1).max(10_000).default(200),
    max_retries: z.number().int().min(0).max(10).default(3),
    backoff_initial_seconds: z.number().min(0.1).max(60).default(1),
    backoff_max_seconds: z.number().min(1).max(600).default(10),
  }),
  query: z.object({
    max_scanned_bytes: z.number().int().min(1).default(1_000_000_000),
    timeout_seconds: z.number().int().min(1).max(600).default(30),
  }),
});
export type BigQueryAgentOverrides = z.infer<typeof BigQueryAgentOverrides>;

export const BigQueryTestResult = z.object({
  connected: z.boolean(),
  detail: z.string(),
  latency_ms: z.number().nonnegative().nullable(),
});
