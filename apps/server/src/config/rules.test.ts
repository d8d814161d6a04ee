import { describe, expect, it } from 'vitest';
import { validateChange } from './apply-changes';
import { MESSAGES } from './rules';

function errorOf(path: string, value: unknown): string | undefined {
  return validateChange(path, value).errors[0]?.message;
}

function warningOf(path: string, value: unknown): string | undefined {
  return validateChange(path, value).warnings[0]?.message;
}

describe('spec messages (part 2 section 5)', () => {
  it('listen port: 1024–65535 with the spec message', () => {
    expect(errorOf('server.port', 80)).toBe('Port must be between 1024 and 65535');
    expect(errorOf('server.port', 65536)).toBe(MESSAGES.port);
    expect(errorOf('server.port', 1024)).toBeUndefined();
    expect(errorOf('server.port', 65535)).toBeUndefined();
  });

  it('SMTP and PostgreSQL ports are not listen ports: 587 and 25 are accepted', () => {
    expect(errorOf('collaborator.email_service.smtp_port', 587)).toBeUndefined();
    expect(errorOf('collaborator.email_service.smtp_port', 25)).toBeUndefined();
    expect(errorOf('collaborator.email_service.smtp_port', 0)).toBe('Must be between 1 and 65535');
    expect(errorOf('postgres.port', 5432)).toBeUndefined();
  });

  it.each([
    'agents.orchestrator.similarity_threshold',
    'agents.orchestrator.alert_threshold',
    'agents.anomaly_detector.decision_threshold',
    'agents.anomaly_detector.gemini.validation_threshold',
    'agents.remediation.match_threshold',
  ])('%s: 0–1 with the threshold message', (path) => {
    expect(errorOf(path, 1.5)).toBe('Threshold must be between 0.0 and 1.0');
    expect(errorOf(path, -0.1)).toBe(MESSAGES.threshold);
    expect(errorOf(path, 0)).toBeUndefined();
    expect(errorOf(path, 1)).toBeUndefined();
  });

  it('burst threshold keeps its own 1–100 bounds', () => {
    expect(errorOf('agents.orchestrator.burst_threshold', 50)).toBeUndefined();
    expect(errorOf('agents.orchestrator.burst_threshold', 0)).toBe('Must be between 1 and 100');
    expect(errorOf('agents.orchestrator.burst_threshold', 101)).toBe('Must be between 1 and 100');
  });

  it('freshness_threshold_seconds keeps its own bounds', () => {
    expect(errorOf('otel.freshness_threshold_seconds', 120)).toBeUndefined();
    expect(errorOf('otel.freshness_threshold_seconds', 0)).toBe('Must be between 1 and 3600');
  });

  it('0–1 fields without threshold in the name use the bounds message', () => {
    expect(errorOf('agents.orchestrator.max_error_rate', 2)).toBe('Must be between 0 and 1');
    expect(errorOf('agents.executor.matching.tag_weight', 1.1)).toBe('Must be between 0 and 1');
  });

  it('timeouts must be positive, then keep their bounds', () => {
    expect(errorOf('network.default_timeout', 0)).toBe('Timeout must be positive');
    expect(errorOf('otel.timeout_seconds', -1)).toBe(MESSAGES.timeoutPositive);
    expect(errorOf('agents.executor.default_timeout_seconds', 10)).toBe(
      'Must be between 30 and 3600',
    );
    expect(errorOf('network.default_timeout', 301)).toBe('Must be between 1 and 300');
  });

  it('warns above 300 seconds without blocking', () => {
    const result = validateChange('agents.executor.default_timeout_seconds', 600);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        path: 'agents.executor.default_timeout_seconds',
        message: 'Timeout value is very high (>300 seconds)',
      },
    ]);
    expect(warningOf('agents.executor.default_timeout_seconds', 300)).toBeUndefined();
  });

  it('intervals must be positive, then keep their bounds', () => {
    expect(errorOf('agents.orchestrator.enrichment_interval_seconds', 0)).toBe(
      'Interval must be positive',
    );
    expect(errorOf('agents.orchestrator.discovery_interval_seconds', -5)).toBe(
      MESSAGES.intervalPositive,
    );
    expect(errorOf('agents.orchestrator.discovery_interval_seconds', 10)).toBe(
      'Must be between 30 and 3600',
    );
  });

  it('hosts cannot be empty', () => {
    expect(errorOf('server.host', '')).toBe('Host cannot be empty');
    expect(errorOf('network.default_host', '  ')).toBe(MESSAGES.hostEmpty);
    expect(errorOf('postgres.host', '')).toBe(MESSAGES.hostEmpty);
    expect(errorOf('postgres.read_replica.host', '')).toBeUndefined();
  });

  it('type errors name the expected type', () => {
    expect(errorOf('server.port', '8080')).toBe('Expected an integer');
    expect(errorOf('server.port', 8080.5)).toBe('Expected an integer');
    expect(errorOf('rca.gemini.temperature', 'hot')).toBe('Expected a number');
    expect(errorOf('server.debug', 'yes')).toBe('Expected a boolean');
    expect(errorOf('rca.gemini.model', 3)).toBe('Expected a string');
    expect(errorOf('server.log_level', 'TRACE')).toBe(
      'Expected one of: DEBUG, INFO, WARNING, ERROR, CRITICAL',
    );
    expect(errorOf('collaborator.email_service.recipients', 'a@b.c')).toBe(
      'Expected a list of strings',
    );
    expect(errorOf('safety_validation.business_hours.days', ['mon', 'someday'])).toBe(
      'Expected one of: mon, tue, wed, thu, fri, sat, sun',
    );
  });

  it('format checks on strings and list items', () => {
    expect(errorOf('safety_validation.business_hours.start', '9am')).toBe(
      'Expected a whole hour (HH:00)',
    );
    expect(errorOf('safety_validation.business_hours.start', '09:30')).toBe(
      'Expected a whole hour (HH:00)',
    );
    expect(errorOf('safety_validation.business_hours.end', '24:00')).toBeUndefined();
    expect(
      errorOf('safety_validation.host_allowlist', ['127.0.0.1:9100', 'api.internal']),
    ).toBeUndefined();
    expect(errorOf('safety_validation.host_allowlist', ['http://x'])).toBe(
      'Expected host or host:port: http://x',
    );
    expect(errorOf('collaborator.email_service.recipients', ['ops@example.com', 'nope'])).toBe(
      'Expected an email address: nope',
    );
    expect(errorOf('otel.base_url', 'jaeger:16686')).toBe('Expected an http(s) URL');
    expect(errorOf('otel.base_url', '')).toBeUndefined();
  });

  it('unknown keys', () => {
    expect(errorOf('server.colour', 'blue')).toBe('Unknown setting');
  });
});
