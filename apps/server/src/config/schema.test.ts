import { describe, expect, it } from 'vitest';
import { defaultConfigValues } from './defaults';
import { CONFIG_FIELDS, FIELD_BY_PATH } from './schema';
import { DEFAULT_SECURITY_SETTINGS, securitySettingsFrom } from './security-settings';
import { toSystemConfig } from './system-config';
import { AGENT_IDS } from './types';

/** Keys and defaults the spec fixes (part 2 sections 3, 7.3 and 9). */
const SPEC_DEFAULTS: Record<string, unknown> = {
  'otel.timeout_seconds': 2,
  'otel.max_retries': 2,
  'otel.freshness_threshold_seconds': 120,
  'otel.base_url': '',
  'otel.synonym_groups': [],
  'otel.known_taxonomies': [],
  'rca.gemini.temperature': 0,
  'rca.gemini.top_p': 0.1,
  'rca.gemini.response_mime_type': 'application/json',
  'agents.anomaly_detector.gemini.validation_threshold': 0.7,
  'agents.anomaly_detector.gemini.default_confidence': 0.8,
  'agents.anomaly_detector.gemini.keyword_confidence': 0.5,
  'collaborator.email_service.smtp_port': 587,
  'collaborator.email_service.email_timeout_seconds': 30,
  'collaborator.email_service.recipients': [],
  'bigquery.location': 'US',
  'bigquery.write_method': 'streaming_insert',
  'bigquery.job_timeout_seconds': 60,
  'bigquery.retention.partition_expiration_days': 14,
  'bigquery.performance.client_pool_size': 10,
  'bigquery.streaming.max_row_size_mb': 9,
  'agents.rca.bigquery.streaming.batch_size': 200,
  'agents.rca.bigquery.streaming.max_retries': 3,
  'agents.rca.bigquery.streaming.backoff_initial_seconds': 1,
  'agents.rca.bigquery.streaming.backoff_max_seconds': 10,
  'agents.rca.bigquery.query.max_scanned_bytes': 1e9,
  'agents.rca.bigquery.query.timeout_seconds': 30,
  'postgres.port': 5432,
  'postgres.timeout_seconds': 30,
  'postgres.pool_recycle_seconds': 3600,
  'postgres.ssl_mode': 'prefer',
  'postgres.isolation_level': 'read_committed',
  'postgres.work_mem_mb': 4,
  'postgres.maintenance_work_mem_mb': 64,
  'postgres.effective_cache_size_mb': 1024,
  'postgres.shared_buffers_mb': 128,
  'postgres.max_connections': 100,
  'security.jwt_expiry': 3600,
  'server.log_level': 'INFO',
  'database.engine': 'sqlite',
};

const FIXED_KEYS = [
  'rca.gemini.project',
  'rca.gemini.location',
  'rca.gemini.model',
  'rca.gemini.credentials_path',
  'collaborator.email_service.smtp_server',
  'collaborator.email_service.sender_email',
  'security.rate_limit_window',
  'security.max_requests',
  'security.require_api_token',
  'safety_validation.host_allowlist',
  'safety_validation.business_hours.timezone',
  'safety_validation.dry_run_default',
  'safety_validation.kill_switch',
  'system.version',
  'network.default_host',
];

describe('config schema', () => {
  it.each(Object.entries(SPEC_DEFAULTS))('%s defaults to %j', (path, value) => {
    expect(defaultConfigValues()[path]).toEqual(value);
  });

  it.each(FIXED_KEYS)('declares %s', (path) => {
    expect(FIELD_BY_PATH.has(path)).toBe(true);
  });

  it('names every key in snake_case segments', () => {
    for (const field of CONFIG_FIELDS)
      expect(field.path).toMatch(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/);
  });

  it('flags exactly the spec restart-required settings', () => {
    const restart = CONFIG_FIELDS.filter((f) => f.restartRequired).map((f) => f.path);
    expect(restart.sort()).toEqual([
      'database.engine',
      'server.debug',
      'server.host',
      'server.log_level',
      'server.port',
    ]);
  });

  it('marks BigQuery writes as not used by this deployment', () => {
    expect(FIELD_BY_PATH.get('bigquery.write_method')?.usedByDeployment).toBe(false);
    expect(FIELD_BY_PATH.get('agents.executor.bigquery.write_enabled')?.usedByDeployment).toBe(
      false,
    );
    expect(FIELD_BY_PATH.get('database.engine')?.spec.unusedValues).toEqual(['bigquery', 'hybrid']);
  });

  it('gives every agent a block, including BigQuery overrides', () => {
    const config = toSystemConfig(defaultConfigValues());
    expect(Object.keys(config).sort()).toEqual(['global_config', ...AGENT_IDS].sort());
    for (const agent of AGENT_IDS)
      expect(FIELD_BY_PATH.has(`agents.${agent}.bigquery.write_enabled`)).toBe(true);
  });

  it('keeps the HTTP layer security defaults equal to the schema defaults', () => {
    expect(securitySettingsFrom(defaultConfigValues())).toEqual(DEFAULT_SECURITY_SETTINGS);
    expect(securitySettingsFrom({ 'security.jwt_expiry': 600 }).jwtExpirySeconds).toBe(600);
  });
});
