import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentSettings,
  AgentSettingsList,
  ApprovedAction,
  envelope,
  ErrorBody,
  Execution,
  RestartAgentResult,
  SaveResult,
  type Anomaly,
} from '@vigil/contract';
import type { IncidentChangedMessage } from '../../bus/messages';
import { detect as detectAnomalies } from '../../testing/detect-anomalies';
import { makeIncidentInput } from '../../store/test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startLocalTarget, type LocalTarget } from '../../agents/shared/safe-http/local-target';

const Saved = envelope(SaveResult);
const One = envelope(AgentSettings);
const List = envelope(AgentSettingsList);
const Restarted = envelope(RestartAgentResult);

async function send(app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  const response = await app.http.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** Stores and announces anomalies the way the detector does: one component each, one shared template text. */
function detect(app: TestApp, components: string[], offsetMs: number): Promise<Anomaly[]> {
  return detectAnomalies(
    app,
    components.map((component, i) => ({
      component,
      templateId: `t-${component}`,
      template: 'connection refused by orders-db after <*> ms',
      offsetMs: offsetMs + i * 1_000,
    })),
  );
}

const methodOf = async (app: TestApp, id: string) =>
  (await app.store.anomalies.get(id))?.orchestrator_data?.detection_method;

describe('settings: agents', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());

  it('lists the seven agents with their values, fields and status', async () => {
    const { data } = List.parse((await send(app, 'GET', '/api/settings/agents')).body);
    expect(data.agents.map((a) => a.name)).toEqual([
      'Orchestrator',
      'Anomaly Detector',
      'Traceability',
      'Remediation',
      'Root Cause Analysis',
      'Executor',
      'Collaborator',
    ]);
    const executor = One.parse((await send(app, 'GET', '/api/settings/agents/executor')).body).data;
    expect(executor.values['safety_validation.kill_switch']).toBe(false);
    expect(executor.status).toMatchObject({ agent_id: 'executor', restart_available: true });
    expect(executor.fields.every((f) => f.owner === 'executor')).toBe(true);
    expect(executor.saved_at).toBeNull();
  });

  it('answers 404 for an unknown agent on every agent call', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings/agents/janitor'],
      ['PUT', '/api/settings/agents/janitor'],
      ['POST', '/api/settings/agents/janitor/restart'],
      ['GET', '/api/settings/database/bigquery/agents/janitor'],
    ] as const) {
      const { status, body } = await send(app, method, url, method === 'GET' ? undefined : {});
      expect(status).toBe(404);
      expect(ErrorBody.parse(body)).toMatchObject({
        code: 'AGENT_NOT_FOUND',
        detail: 'Unknown agent: janitor',
      });
    }
  });

  it("refuses another block's keys in an agent save, and saves nothing", async () => {
    const { status, body } = await send(app, 'PUT', '/api/settings/agents/executor', {
      'agents.executor.max_retries': 5,
      'security.jwt_expiry': 600,
    });
    expect(status).toBe(400);
    expect(ErrorBody.parse(body).errors).toEqual([
      { path: 'security.jwt_expiry', message: 'Not a setting of executor' },
    ]);
    expect(app.config.values()['agents.executor.max_retries']).toBe(3);
  });

  it.each([
    ['orchestrator', 'security.jwt_expiry', 300, 86400],
    ['orchestrator', 'security.rate_limit_window', 60, 86400],
    ['orchestrator', 'agents.orchestrator.dedup_window_seconds', 10, 3600],
    ['orchestrator', 'agents.orchestrator.burst_threshold', 1, 100],
    ['anomaly_detector', 'agents.anomaly_detector.ingest.max_batch_size', 1, 10000],
    ['anomaly_detector', 'agents.anomaly_detector.pubsub.ack_deadline_seconds', 10, 600],
    ['anomaly_detector', 'agents.anomaly_detector.workers.pool_size', 1, 100],
    ['traceability', 'agents.traceability.time_window_seconds', 30, 1200],
    ['traceability', 'agents.traceability.log_query_limit', 100, 5000],
    ['executor', 'agents.executor.max_concurrent_executions', 1, 20],
    ['executor', 'agents.executor.default_timeout_seconds', 30, 3600],
    ['executor', 'agents.executor.max_retries', 0, 10],
    ['executor', 'agents.executor.rate_limit.window_minutes', 1, 1440],
    ['collaborator', 'collaborator.email_service.smtp_port', 1, 65535],
  ])('%s: %s accepts %i–%i and refuses one step outside', async (agent, path, min, max) => {
    const put = (value: number) =>
      send(app, 'PUT', `/api/settings/agents/${agent}`, { [path]: value });
    for (const value of [min - 1, max + 1]) {
      const { status, body } = await put(value);
      expect(status).toBe(400);
      expect(ErrorBody.parse(body).errors?.[0]?.path).toBe(path);
    }
    expect((await put(min)).status).toBe(200);
    expect((await put(max)).status).toBe(200);
    expect(app.config.values()[path]).toBe(max);
  });

  it('restarts one agent: its loop stops and starts again, once, and the restart is audited', async () => {
    const { status, body } = await send(app, 'POST', '/api/settings/agents/orchestrator/restart', {
      agent_id: 'orchestrator',
      force: false,
    });
    expect(status).toBe(200);
    const { data, message } = Restarted.parse(body);
    expect(message).toBe('Agent orchestrator restarted');
    expect(data.agent).toMatchObject({ agent_id: 'orchestrator', status: 'healthy' });
    // After the restart the orchestrator consumes again, exactly once per event (no doubled subscription).
    const opened: IncidentChangedMessage[] = [];
    const off = app.bus.subscribe<IncidentChangedMessage>('incidents.changed', 'test', (m) => {
      if (m.change === 'opened') opened.push(m);
    });
    await detect(app, ['restart-probe'], 0);
    off();
    expect(opened).toHaveLength(1);
    const audit = await app.store.audit.list({ page: 1, pageSize: 50, type: 'config_changed' });
    expect(audit.items.find((e) => e.metadata.operation === 'agent_restart')).toMatchObject({
      description: 'Agent orchestrator restarted',
      agents_involved: ['orchestrator'],
    });
    const mismatch = await send(app, 'POST', '/api/settings/agents/orchestrator/restart', {
      agent_id: 'executor',
    });
    expect(mismatch.status).toBe(400);
    expect(ErrorBody.parse(mismatch.body).detail).toBe(
      'agent_id executor does not match the path (orchestrator)',
    );
  });
});

describe('settings: live effects', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.dispose();
  });

  it('security.max_requests drives the API rate limit from the next request', async () => {
    const app = await createTestApp();
    apps.push(app);
    const saved = await send(app, 'PUT', '/api/settings/agents/orchestrator', {
      'security.max_requests': 10,
    });
    expect(saved.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await send(app, 'GET', '/api/settings/global')).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(12);
    expect(statuses.at(-1)).toBe(429);
  });

  it('synonym groups normalise component names from the next look-up', async () => {
    const app = await createTestApp();
    apps.push(app);
    expect(app.topology.normalise('pay-gateway')).toBe('pay-gateway');
    const saved = await send(app, 'PUT', '/api/settings/agents/traceability', {
      'otel.synonym_groups': ['payments, pay-gateway, billing-api'],
    });
    expect(saved.status).toBe(200);
    expect(app.topology.normalise('pay-gateway')).toBe('payments');
    expect(app.topology.normalise('billing-api-v2')).toBe('payments');
    expect(app.topology.normalise('search')).toBe('search');
  });

  it('a lower burst threshold changes the grouping of the next events', async () => {
    const app = await createTestApp();
    apps.push(app);
    const first = await detect(app, ['svc-a', 'svc-b', 'svc-c'], 0);
    // Three similar events under the default threshold (5): similarity, not a burst.
    expect(await methodOf(app, first[2]?.id ?? '')).toBe('similarity');
    const saved = await send(app, 'PUT', '/api/settings/agents/orchestrator', {
      'agents.orchestrator.burst_threshold': 3,
    });
    expect(Saved.parse(saved.body).data.changed).toEqual(['agents.orchestrator.burst_threshold']);
    const [next] = await detect(app, ['svc-d'], 10_000);
    const stored = await app.store.anomalies.get(next?.id ?? '');
    expect(stored?.orchestrator_data?.detection_method).toBe('burst');
    expect(stored?.orchestrator_data?.reason).toContain('burst threshold 3');
  });

  it('the executor allowlist takes host:port entries (only that port), and dry_run_default applies', async () => {
    const app = await createTestApp();
    apps.push(app);
    const allowed: LocalTarget = await startLocalTarget();
    const other: LocalTarget = await startLocalTarget();
    try {
      const saved = await send(app, 'PUT', '/api/settings/agents/executor', {
        'safety_validation.host_allowlist': [`127.0.0.1:${allowed.port}`],
      });
      expect(saved.status).toBe(200);
      const start = async (port: number) => {
        const created = await app.http.inject({
          method: 'POST',
          url: '/api/executor/actions',
          payload: {
            name: `Restart ${port}`,
            template_command: {
              method: 'POST',
              url: `http://127.0.0.1:${port}/restart`,
              headers: {},
            },
            max_retries: 0,
          },
        });
        const action = envelope(ApprovedAction).parse(created.json()).data;
        const response = await app.http.inject({
          method: 'POST',
          url: '/api/executor/execute',
          payload: { action_id: action.id, parameters: {} },
        });
        return envelope(Execution).parse(response.json()).data;
      };
      const run = async (port: number) => {
        const execution = await start(port);
        for (let i = 0; i < 200; i += 1) {
          const current = await app.store.executions.get(execution.id);
          if (current && ['success', 'failed', 'timeout'].includes(current.status)) return current;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('execution never finished');
      };
      expect((await run(allowed.port)).status).toBe('success');
      expect(allowed.requests).toHaveLength(1);
      const refused = await run(other.port);
      expect(refused.status).toBe('failed');
      expect(refused.error_message).toMatch(/allowlist/);
      expect(other.requests).toHaveLength(0);
      // safety_validation.dry_run_default: an execution that does not say dry_run is a dry run.
      await send(app, 'PUT', '/api/settings/agents/executor', {
        'safety_validation.dry_run_default': true,
      });
      expect((await start(allowed.port)).dry_run).toBe(true);
      await app.bus.drain();
      expect(allowed.requests).toHaveLength(1);
    } finally {
      await allowed.close();
      await other.close();
    }
  });

  it('a new SMTP server is used by the next email', async () => {
    const app = await createTestApp();
    apps.push(app);
    const received: { to: string[]; user: string | undefined }[] = [];
    const smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'vigil' && auth.password === 'smtp-pass-41')
          return callback(null, { user: auth.username });
        return callback(new Error('Invalid credentials'));
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const incident = await app.store.incidents.create(makeIncidentInput());
      const announce = async () => {
        await app.bus.publish<IncidentChangedMessage>('incidents.changed', {
          incidentId: incident.id,
          change: 'opened',
        });
        await app.bus.drain();
      };
      // Before the save email is off (no server configured): nothing is sent.
      await announce();
      expect(received).toHaveLength(0);
      const saved = await send(app, 'PUT', '/api/settings/global', {
        'collaborator.email_service.smtp_server': '127.0.0.1',
        'collaborator.email_service.smtp_port': port,
        'collaborator.email_service.smtp_user': 'vigil',
        'collaborator.email_service.smtp_password': 'smtp-pass-41',
        'collaborator.email_service.sender_email': 'vigil@example.com',
        'collaborator.email_service.recipients': ['oncall@example.com'],
        'collaborator.email_service.email_timeout_seconds': 5,
      });
      expect(saved.status).toBe(200);
      await announce();
      for (let i = 0; i < 200 && received.length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(received).toEqual([{ to: ['oncall@example.com'], user: 'vigil' }]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
