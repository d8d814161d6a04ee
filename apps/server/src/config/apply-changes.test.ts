import { describe, expect, it } from 'vitest';
import { applyChanges } from './apply-changes';
import { defaultConfigValues, withDefaults } from './defaults';

describe('applyChanges', () => {
  it('applies valid changes and reports what changed', () => {
    const current = defaultConfigValues();
    const result = applyChanges(current, {
      'agents.orchestrator.burst_threshold': 3,
      'otel.timeout_seconds': 5,
    });
    expect(result.errors).toEqual([]);
    expect(result.changed).toEqual(['agents.orchestrator.burst_threshold', 'otel.timeout_seconds']);
    expect(result.restartRequired).toEqual([]);
    expect(result.next['agents.orchestrator.burst_threshold']).toBe(3);
    expect(current['agents.orchestrator.burst_threshold']).toBe(5);
  });

  it('applies nothing and lists every error when any change is invalid', () => {
    const current = defaultConfigValues();
    const result = applyChanges(current, {
      'agents.orchestrator.burst_threshold': 3,
      'server.port': 80,
      'server.host': '',
      'agents.orchestrator.alert_threshold': 2,
      'no.such.key': 1,
    });
    expect(result.next).toBe(current);
    expect(result.changed).toEqual([]);
    expect(result.restartRequired).toEqual([]);
    expect(result.errors).toEqual([
      { path: 'server.port', message: 'Port must be between 1024 and 65535' },
      { path: 'server.host', message: 'Host cannot be empty' },
      {
        path: 'agents.orchestrator.alert_threshold',
        message: 'Threshold must be between 0.0 and 1.0',
      },
      { path: 'no.such.key', message: 'Unknown setting' },
    ]);
  });

  it('reports the changed keys that need a restart', () => {
    const result = applyChanges(defaultConfigValues(), {
      'server.port': 9090,
      'server.host': '0.0.0.0',
      'server.debug': true,
      'server.log_level': 'DEBUG',
      'database.engine': 'postgres',
      'security.jwt_expiry': 600,
    });
    expect(result.restartRequired).toEqual([
      'database.engine',
      'server.debug',
      'server.host',
      'server.log_level',
      'server.port',
    ]);
    expect(result.changed).toContain('security.jwt_expiry');
  });

  it('does not count unchanged values, and a restart key set to its value needs no restart', () => {
    const result = applyChanges(defaultConfigValues(), {
      'server.port': 8080,
      'safety_validation.host_allowlist': [],
    });
    expect(result.changed).toEqual([]);
    expect(result.restartRequired).toEqual([]);
  });

  it('keeps warnings beside a successful apply', () => {
    const result = applyChanges(defaultConfigValues(), {
      'agents.executor.default_timeout_seconds': 900,
    });
    expect(result.errors).toEqual([]);
    expect(result.changed).toEqual(['agents.executor.default_timeout_seconds']);
    expect(result.warnings[0]?.message).toBe('Timeout value is very high (>300 seconds)');
  });

  it('trims list items and drops blank lines', () => {
    const result = applyChanges(defaultConfigValues(), {
      'collaborator.email_service.recipients': [' ops@example.com ', '', '  ', 'sre@example.com'],
    });
    expect(result.next['collaborator.email_service.recipients']).toEqual([
      'ops@example.com',
      'sre@example.com',
    ]);
  });

  it('accepts the stored-but-unused BigQuery engine and writes', () => {
    const result = applyChanges(defaultConfigValues(), {
      'database.engine': 'hybrid',
      'agents.executor.bigquery.write_enabled': true,
      'bigquery.write_method': 'load_job',
    });
    expect(result.errors).toEqual([]);
    expect(result.changed).toHaveLength(3);
  });
});

describe('cross-field checks', () => {
  it('refuses a pool minimum above the maximum, on the key that was edited', () => {
    const result = applyChanges(defaultConfigValues(), {
      'postgres.pool_max_size': 2,
      'postgres.pool_min_size': 3,
    });
    expect(result.errors).toEqual([
      { path: 'postgres.pool_min_size', message: 'Must be at most postgres.pool_max_size (2)' },
    ]);
    const lowered = applyChanges(
      { ...defaultConfigValues(), 'postgres.pool_min_size': 5 },
      {
        'postgres.pool_max_size': 4,
      },
    );
    expect(lowered.errors[0]?.path).toBe('postgres.pool_max_size');
  });

  it('refuses a BigQuery backoff start above its maximum', () => {
    const result = applyChanges(defaultConfigValues(), {
      'agents.collaborator.bigquery.streaming.backoff_initial_seconds': 20,
    });
    expect(result.errors).toHaveLength(1);
  });
});

describe('withDefaults', () => {
  it('fills missing keys and drops keys the schema no longer has', () => {
    const values = withDefaults({ 'server.port': 9000, 'old.removed_key': 1 });
    expect(values['server.port']).toBe(9000);
    expect(values['otel.timeout_seconds']).toBe(2);
    expect('old.removed_key' in values).toBe(false);
  });
});
