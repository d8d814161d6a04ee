import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AuditEntry,
  envelope,
  ErrorBody,
  GlobalSettings,
  SaveResult,
  SECRET_MARKER,
  SystemConfig,
  ValidationResult,
} from '@vigil/contract';
import { createTestApp, type TestApp } from '../../testing/test-app';

const Saved = envelope(SaveResult);
const Global = envelope(GlobalSettings);
const Config = envelope(SystemConfig);
const Validated = envelope(ValidationResult);
const Trail = envelope(z.object({ audit_entries: z.array(AuditEntry) }));

async function send(app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  const response = await app.http.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as unknown, raw: response.body };
}

describe('settings: global, whole tree, update and validate', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());

  it('answers every spec message at once for an invalid PUT, and saves nothing', async () => {
    const before = app.config.values();
    const { status, body } = await send(app, 'PUT', '/api/settings/global', {
      'server.port': 80,
      'agents.orchestrator.similarity_threshold': 1.5,
      'otel.timeout_seconds': 0,
      'agents.anomaly_detector.workers.queue_depth_interval_seconds': 0,
      'network.default_host': ' ',
      'agents.orchestrator.burst_threshold': 101,
      'agents.traceability.log_query_limit': 99.5,
      'database.engine': 'mysql',
      'server.colour': 'blue',
      'agents.executor.max_retries': 2,
    });
    expect(status).toBe(400);
    const error = ErrorBody.parse(body);
    expect(error.code).toBe('CONFIG_VALIDATION_ERROR');
    expect(error.errors).toEqual([
      { path: 'server.port', message: 'Port must be between 1024 and 65535' },
      {
        path: 'agents.orchestrator.similarity_threshold',
        message: 'Threshold must be between 0.0 and 1.0',
      },
      { path: 'otel.timeout_seconds', message: 'Timeout must be positive' },
      {
        path: 'agents.anomaly_detector.workers.queue_depth_interval_seconds',
        message: 'Interval must be positive',
      },
      { path: 'network.default_host', message: 'Host cannot be empty' },
      { path: 'agents.orchestrator.burst_threshold', message: 'Must be between 1 and 100' },
      { path: 'agents.traceability.log_query_limit', message: 'Expected an integer' },
      {
        path: 'database.engine',
        message: 'Expected one of: sqlite, postgres, bigquery, hybrid',
      },
      { path: 'server.colour', message: 'Unknown setting' },
    ]);
    expect(error.detail).toContain('server.port: Port must be between 1024 and 65535');
    // All or nothing: the valid key in the same body was not saved either.
    expect(app.config.values()).toBe(before);
    expect(app.config.values()['agents.executor.max_retries']).toBe(3);
  });

  it('keeps a warning beside a successful save, and says which keys need a restart', async () => {
    const { status, body } = await send(app, 'PUT', '/api/settings/global', {
      'agents.executor.default_timeout_seconds': 600,
      'server.port': 9090,
      'database.engine': 'postgres',
      'agents.orchestrator.burst_threshold': 1,
    });
    expect(status).toBe(200);
    const { data, message } = Saved.parse(body);
    expect(data.changed).toEqual([
      'agents.executor.default_timeout_seconds',
      'agents.orchestrator.burst_threshold',
      'database.engine',
      'server.port',
    ]);
    expect(data.restart_required).toEqual(['database.engine', 'server.port']);
    expect(data.warnings).toEqual([
      {
        path: 'agents.executor.default_timeout_seconds',
        message: 'Timeout value is very high (>300 seconds)',
      },
    ]);
    expect(message).toBe('Saved; restart required for database.engine, server.port');
  });

  it('round-trips dotted paths of every kind through GET global, the tree and agent blocks', async () => {
    const changes = {
      'network.default_timeout': 45,
      'server.log_level': 'DEBUG',
      'server.debug': true,
      'otel.base_url': 'http://127.0.0.1:16686',
      'rca.gemini.temperature': 0.25,
      'collaborator.email_service.recipients': ['  oncall@example.com ', '', 'lead@example.com'],
    };
    expect((await send(app, 'PUT', '/api/settings/global', changes)).status).toBe(200);
    const global = Global.parse((await send(app, 'GET', '/api/settings/global')).body).data;
    expect(global.values).toMatchObject({
      'network.default_timeout': 45,
      'server.log_level': 'DEBUG',
      'server.debug': true,
    });
    expect(global.saved_at).not.toBeNull();
    expect(global.fields.find((f) => f.path === 'server.port')).toMatchObject({
      min: 1024,
      max: 65535,
      restart_required: true,
      section: 'Server',
    });
    const tree = Config.parse((await send(app, 'GET', '/api/settings/config')).body).data;
    expect(tree.global_config).toMatchObject({
      network: { default_timeout: 45 },
      server: { log_level: 'DEBUG', debug: true },
    });
    expect(tree.traceability).toMatchObject({ otel: { base_url: 'http://127.0.0.1:16686' } });
    expect(tree.rca).toMatchObject({ rca: { gemini: { temperature: 0.25 } } });
    // List items are trimmed and blank lines dropped.
    expect(tree.collaborator).toMatchObject({
      collaborator: { email_service: { recipients: ['oncall@example.com', 'lead@example.com'] } },
    });
    // Saving the same values again changes nothing.
    const again = Saved.parse((await send(app, 'PUT', '/api/settings/global', changes)).body);
    expect(again.data.changed).toEqual([]);
    expect(again.message).toBe('Nothing changed');
  });

  it('updates one key through config/update', async () => {
    const { status, body } = await send(app, 'POST', '/api/settings/config/update', {
      config_path: 'otel.max_retries',
      value: 4,
    });
    expect(status).toBe(200);
    expect(Saved.parse(body).data).toMatchObject({ changed: ['otel.max_retries'] });
    expect(app.config.values()['otel.max_retries']).toBe(4);
    const bad = await send(app, 'POST', '/api/settings/config/update', {
      config_path: 'otel.max_retries',
      value: 11,
    });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).errors).toEqual([
      { path: 'otel.max_retries', message: 'Must be between 0 and 10' },
    ]);
    const missing = await send(app, 'POST', '/api/settings/config/update', { value: 1 });
    expect(missing.status).toBe(400);
    expect(ErrorBody.parse(missing.body).detail).toContain('config_path');
  });

  it('validates without saving: errors, warnings and nothing stored or audited', async () => {
    const auditBefore = (await app.store.audit.list({ page: 1, pageSize: 1 })).total;
    const before = app.config.values();
    const invalid = Validated.parse(
      (
        await send(app, 'POST', '/api/settings/config/validate', {
          config_path: 'server.port',
          value: 80,
          validate_only: true,
        })
      ).body,
    ).data;
    expect(invalid).toEqual({
      valid: false,
      errors: [{ path: 'server.port', message: 'Port must be between 1024 and 65535' }],
      warnings: [],
    });
    const warned = Validated.parse(
      (
        await send(app, 'POST', '/api/settings/config/validate', {
          config_path: 'agents.executor.default_timeout_seconds',
          value: 900,
          validate_only: true,
        })
      ).body,
    ).data;
    expect(warned).toEqual({
      valid: true,
      errors: [],
      warnings: [
        {
          path: 'agents.executor.default_timeout_seconds',
          message: 'Timeout value is very high (>300 seconds)',
        },
      ],
    });
    expect(app.config.values()).toBe(before);
    expect(app.config.values()['agents.executor.default_timeout_seconds']).toBe(600);
    expect((await app.store.audit.list({ page: 1, pageSize: 1 })).total).toBe(auditBefore);
  });

  it('answers a body that is not a map of dotted keys with a 400', async () => {
    const { status, body } = await send(app, 'PUT', '/api/settings/global', {
      'Server Port': 8080,
    });
    expect(status).toBe(400);
    expect(ErrorBody.parse(body).errors).toEqual([
      { path: 'Server Port', message: 'Unknown setting' },
    ]);
    const list = await send(app, 'PUT', '/api/settings/global', [1, 2]);
    expect(list.status).toBe(400);
    expect(ErrorBody.parse(list.body).detail).toContain(
      'Expected an object of dotted config paths to values',
    );
  });

  it('writes one config_changed entry per save with the before/after diff', async () => {
    await send(app, 'PUT', '/api/settings/global', { 'otel.freshness_threshold_seconds': 300 });
    const trail = Trail.parse(
      (await send(app, 'GET', '/api/audit/trail?event_type=config_changed&page_size=50')).body,
    ).data.audit_entries;
    const entry = trail.find((e) =>
      JSON.stringify(e.metadata).includes('otel.freshness_threshold_seconds'),
    );
    expect(entry).toMatchObject({
      type: 'config_changed',
      triggered_by: 'operator',
      metadata: {
        scope: 'global',
        changes: [{ path: 'otel.freshness_threshold_seconds', before: 120, after: 300 }],
        restart_required: [],
      },
    });
  });
});

describe('settings: secrets and persistence', () => {
  const dirs: string[] = [];
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.dispose();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('never returns a planted secret, and the marker sent back keeps it', async () => {
    const app = await createTestApp();
    apps.push(app);
    const secret = 'planted-smtp-secret-7f3a';
    await send(app, 'PUT', '/api/settings/agents/collaborator', {
      'collaborator.email_service.smtp_password': secret,
      'collaborator.email_service.smtp_user': 'vigil',
    });
    await send(app, 'PUT', '/api/settings/global', {
      'collaborator.email_service.smtp_password': SECRET_MARKER,
      'collaborator.email_service.smtp_user': 'vigil2',
    });
    expect(app.config.values()['collaborator.email_service.smtp_password']).toBe(secret);
    const answers = await Promise.all(
      [
        '/api/settings/config',
        '/api/settings/global',
        '/api/settings/agents',
        '/api/settings/agents/collaborator',
        '/api/settings/integrations',
        '/api/audit/trail?page_size=100',
      ].map((url) => send(app, 'GET', url)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.raw).not.toContain(secret);
    }
    const collaborator = answers[3]?.body as { data: { values: Record<string, unknown> } };
    expect(collaborator.data.values['collaborator.email_service.smtp_password']).toBe(
      SECRET_MARKER,
    );
    const audit = JSON.stringify(await app.store.audit.list({ page: 1, pageSize: 100 }));
    expect(audit).not.toContain(secret);
    expect(audit).toContain(SECRET_MARKER);
  });

  it('keeps saved values across a restart on the same data dir', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-settings-'));
    dirs.push(dataDir);
    const first = await createTestApp({ dataDir });
    await send(first, 'PUT', '/api/settings/agents/orchestrator', {
      'agents.orchestrator.burst_threshold': 7,
      'security.jwt_expiry': 900,
    });
    await send(first, 'PUT', '/api/settings/agents/executor', {
      'safety_validation.host_allowlist': ['127.0.0.1:9100', 'fleet.internal'],
    });
    await first.dispose();
    const second = await createTestApp({ dataDir });
    apps.push(second);
    const tree = Config.parse((await send(second, 'GET', '/api/settings/config')).body).data;
    expect(tree.orchestrator).toMatchObject({
      agents: { orchestrator: { burst_threshold: 7 } },
      security: { jwt_expiry: 900 },
    });
    expect(tree.executor).toMatchObject({
      safety_validation: { host_allowlist: ['127.0.0.1:9100', 'fleet.internal'] },
    });
  });
});
