import { AuditEntry, ErrorBody, Execution, envelope } from '@vigil/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AnalysisReadyMessage,
  AnomaliesDetected,
  IncidentChangedMessage,
} from '../../bus/messages';
import { makeAnomaly, makeIncidentInput } from '../../store/test-factories';
import { createExecutorKit, type ExecutorKit } from '../../testing/executor-kit';
import { answer, startLocalTarget, type LocalTarget } from '../shared/safe-http/local-target';

const ExecutionBody = envelope(Execution);

describe('executor against a local target', () => {
  let kit: ExecutorKit;
  let target: LocalTarget;
  beforeEach(async () => {
    target = await startLocalTarget();
    kit = await createExecutorKit();
  });
  afterEach(async () => {
    await kit.app.dispose();
    await target.close();
  });

  const run = async (body: Record<string, unknown>): Promise<Execution> => {
    const { status, json } = await kit.execute(body);
    expect(status, JSON.stringify(json)).toBe(200);
    await kit.idle();
    return kit.executionFor(ExecutionBody.parse(json).data.id);
  };

  it('runs an action and writes an action_executed audit entry', async () => {
    const action = await kit.createAction({
      url: `${target.origin}/restart/{{component}}`,
      required_parameters: { component: 'svc' },
    });
    const done = await run({ action_id: action.id, parameters: { component: 'checkout api' } });
    expect(done).toMatchObject({
      status: 'success',
      response_status: 200,
      retry_count: 0,
      triggered_by: 'operator',
    });
    expect(target.requests[0]?.url).toBe('/restart/checkout%20api');
    const audit = await kit.app.store.audit.list({
      page: 1,
      pageSize: 10,
      type: 'action_executed',
    });
    expect(AuditEntry.parse(audit.items[0])).toMatchObject({
      action_name: 'Restart checkout',
      execution_status: 'success',
      retry_count: 0,
      triggered_by: 'operator',
    });
  });

  it('retries 5xx with exponential backoff and jitter, then succeeds', async () => {
    let calls = 0;
    target.setHandler((_req, res) => answer(++calls < 3 ? 503 : 200)(_req, res));
    const action = await kit.createAction({ url: `${target.origin}/flaky`, max_retries: 3 });
    const done = await run({ action_id: action.id });
    expect(done).toMatchObject({ status: 'success', retry_count: 2 });
    // base 2 s · 2^n · (0.5 + 0.5/2) with random() = 0.5
    expect(kit.sleeps).toEqual([1_500, 3_000]);
  });

  it('stops after max retries and records the masked error', async () => {
    target.setHandler(answer(500, 'boom'));
    const action = await kit.createAction({ url: `${target.origin}/down`, max_retries: 2 });
    const done = await run({ action_id: action.id });
    expect(done).toMatchObject({ status: 'failed', retry_count: 2, response_status: 500 });
    expect(done.error_message).toContain('HTTP 500');
    expect(target.requests).toHaveLength(3);
  });

  it('times out a silent target', async () => {
    target.setHandler(() => undefined);
    const action = await kit.createAction({
      url: `${target.origin}/hang`,
      max_retries: 0,
      template_command: { method: 'POST', url: `${target.origin}/hang`, headers: {}, timeout: 1 },
    });
    const done = await run({ action_id: action.id });
    expect(done.status).toBe('timeout');
  });

  it('runs once per (incident, action): a redelivery returns the first execution', async () => {
    const incident = await kit.app.store.incidents.create(makeIncidentInput());
    const action = await kit.createAction({ url: `${target.origin}/once` });
    const first = await run({ action_id: action.id, incident_id: incident.id });
    const second = await run({ action_id: action.id, incident_id: incident.id });
    expect(second.id).toBe(first.id);
    expect(target.requests).toHaveLength(1);
  });

  it('refuses past the concurrency limit before any socket opens', async () => {
    let release: () => void = () => undefined;
    target.setHandler((_req, res) => {
      release = () => answer(200)(_req, res);
    });
    const action = await kit.createAction({
      url: `${target.origin}/slow`,
      safety_constraints: { max_concurrent_limit: 1 },
    });
    expect((await kit.execute({ action_id: action.id })).status).toBe(200);
    const second = await kit.execute({ action_id: action.id });
    expect(second.status).toBe(409);
    expect(ErrorBody.parse(second.json).code).toBe('CONCURRENCY_LIMIT');
    await kit.eventually(async () => (target.requests.length === 1 ? true : null));
    release();
    await kit.idle();
    expect(target.connections()).toBe(1);
  });

  it('keeps business hours in the configured zone (fake clock)', async () => {
    kit.config.business_hours = {
      timezone: 'America/New_York',
      start: 9,
      end: 17,
      days: [1, 2, 3, 4, 5],
    };
    const action = await kit.createAction({
      url: `${target.origin}/bh`,
      safety_constraints: { business_hours_only: true },
    });
    kit.app.clock.set(Date.parse('2026-03-02T13:30:00Z')); // Monday 08:30 in New York
    const early = await kit.execute({ action_id: action.id });
    expect(ErrorBody.parse(early.json)).toMatchObject({ code: 'OUTSIDE_BUSINESS_HOURS' });
    kit.app.clock.set(Date.parse('2026-03-02T14:30:00Z')); // 09:30 in New York
    expect((await run({ action_id: action.id })).status).toBe('success');
  });

  it('applies the rate limit, cooldown and kill switch', async () => {
    const limited = await kit.createAction({
      url: `${target.origin}/r`,
      safety_constraints: { max_executions: 1, rate_limit_window_minutes: 10 },
    });
    await run({ action_id: limited.id });
    expect(ErrorBody.parse((await kit.execute({ action_id: limited.id })).json).code).toBe(
      'RATE_LIMITED',
    );
    const cooled = await kit.createAction({
      name: 'Cooled',
      url: `${target.origin}/c`,
      safety_constraints: { cooldown_seconds: 60 },
    });
    await run({ action_id: cooled.id });
    expect(ErrorBody.parse((await kit.execute({ action_id: cooled.id })).json).code).toBe(
      'COOLDOWN_ACTIVE',
    );
    kit.app.clock.advance(61_000);
    expect((await run({ action_id: cooled.id })).status).toBe('success');
    kit.config.kill_switch = true;
    expect(ErrorBody.parse((await kit.execute({ action_id: cooled.id })).json).code).toBe(
      'KILL_SWITCH_ACTIVE',
    );
  });

  it('dry-runs the exact request with secrets masked and opens no socket', async () => {
    const action = await kit.createAction({
      url: `${target.origin}/x/{{component}}`,
      template_command: {
        method: 'PUT',
        url: `${target.origin}/x/{{component}}`,
        headers: { Authorization: 'Bearer dry-run-secret' },
        body: { n: '{{n}}' },
      },
      required_parameters: { component: 'svc', n: 'count' },
    });
    const done = await run({
      action_id: action.id,
      parameters: { component: 'a/b', n: 2 },
      dry_run: true,
    });
    expect(done).toMatchObject({ dry_run: true, status: 'success' });
    expect(done.request).toMatchObject({
      method: 'PUT',
      url: `${target.origin}/x/a%2Fb`,
      body: '{"n":2}',
      headers: { Authorization: '••••' },
    });
    expect(target.connections()).toBe(0);
  });

  it('refuses SSRF targets through the API: loopback spellings and a redirect to metadata', async () => {
    kit.config.allowlist = [];
    for (const host of [
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
    ]) {
      const action = await kit.createAction({
        name: `ssrf ${host}`,
        url: `http://${host}:${target.port}/`,
        max_retries: 3,
      });
      const done = await run({ action_id: action.id });
      expect({ host, status: done.status, retries: done.retry_count }).toEqual({
        host,
        status: 'failed',
        retries: 0,
      });
      expect(done.error_message).toMatch(/^Refused/);
    }
    expect(target.connections()).toBe(0);
    kit.config.allowlist = ['127.0.0.1'];
    target.setHandler((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    const redirecting = await kit.createAction({
      name: 'redirect',
      url: `${target.origin}/r`,
      max_retries: 3,
    });
    const done = await run({ action_id: redirecting.id });
    expect(done.error_message).toMatch(/redirects are not followed/);
    expect(target.connections()).toBe(1);
  });

  it('auto-executes the best match of an analysis, once per redelivery', async () => {
    kit.config.auto_execute = true;
    const incident = await kit.app.store.incidents.create(makeIncidentInput());
    const weak = await kit.createAction({ name: 'Weak', url: `${target.origin}/weak` });
    const best = await kit.createAction({ name: 'Best', url: `${target.origin}/best` });
    const message: AnalysisReadyMessage = {
      incidentId: incident.id,
      matchedActions: [
        { action_id: weak.id, score: 0.6 },
        { action_id: best.id, score: 0.9 },
      ],
    };
    await kit.app.bus.publish('analysis.ready', message);
    await kit.app.bus.publish('analysis.ready', message);
    await kit.idle();
    const { items } = await kit.app.store.executions.list({ limit: 10 });
    expect(items.map((e) => [e.action_name, e.triggered_by, e.status])).toEqual([
      ['Best', 'executor:auto', 'success'],
    ]);
    expect(target.requests.map((r) => r.url)).toEqual(['/best']);
  });

  it('parks auto-executions for approval; approve runs it and audits who, reject cancels', async () => {
    kit.config.auto_execute = true;
    kit.config.approval_required = true;
    const [one, two] = [
      await kit.app.store.incidents.create(makeIncidentInput()),
      await kit.app.store.incidents.create(makeIncidentInput()),
    ];
    const action = await kit.createAction({ url: `${target.origin}/approve` });
    for (const incident of [one, two])
      await kit.app.bus.publish('analysis.ready', {
        incidentId: incident.id,
        matchedActions: [{ action_id: action.id, score: 1 }],
      } satisfies AnalysisReadyMessage);
    await kit.idle();
    const parked = (await kit.app.store.executions.list({ limit: 10, status: 'pending_approval' }))
      .items;
    expect(parked).toHaveLength(2);
    expect(target.connections()).toBe(0);
    const [a, b] = parked;
    const approved = await kit.app.http.inject({
      method: 'POST',
      url: `/api/executor/executions/${a?.id}/approve`,
      payload: { by: 'alice' },
    });
    expect(ExecutionBody.parse(approved.json()).data).toMatchObject({ approved_by: 'alice' });
    const rejected = await kit.app.http.inject({
      method: 'POST',
      url: `/api/executor/executions/${b?.id}/reject`,
      payload: { by: 'bob' },
    });
    expect(ExecutionBody.parse(rejected.json()).data.status).toBe('rejected');
    await kit.idle();
    expect((await kit.executionFor(a?.id ?? '')).status).toBe('success');
    const again = await kit.app.http.inject({
      method: 'POST',
      url: `/api/executor/executions/${b?.id}/approve`,
      payload: {},
    });
    expect(ErrorBody.parse(again.json()).code).toBe('EXECUTION_NOT_PENDING');
    const decisions = await kit.app.store.audit.list({
      page: 1,
      pageSize: 10,
      type: 'action_approved',
    });
    expect(decisions.items.map((e) => [e.triggered_by, e.metadata.decision])).toEqual(
      expect.arrayContaining([
        ['alice', 'approved'],
        ['bob', 'rejected'],
      ]),
    );
  });

  it('verifies recovery: no new anomaly in the window → recovered and incident verified', async () => {
    const incident = await kit.app.store.incidents.create(makeIncidentInput());
    const seen: IncidentChangedMessage[] = [];
    kit.app.bus.subscribe<IncidentChangedMessage>(
      'incidents.changed',
      'test',
      (m) => void seen.push(m),
    );
    const action = await kit.createAction({ url: `${target.origin}/fix` });
    const done = await run({ action_id: action.id, incident_id: incident.id });
    expect(done.verification).toBe('pending');
    expect(kit.timers.pending()).toBe(1);
    kit.timers.fireAll();
    const verified = await kit.eventually(async () =>
      (await kit.executionFor(done.id)).verification === 'recovered' ? true : null,
    );
    expect(verified).toBe(true);
    await kit.idle();
    expect(seen).toEqual([{ incidentId: incident.id, change: 'verified' }]);
  });

  it('fails verification when anomalies keep coming, escalates by webhook and counts it in stats', async () => {
    const hook = await startLocalTarget();
    kit.collaborator.webhook.url = `${hook.origin}/hook`;
    try {
      const incident = await kit.app.store.incidents.create(
        makeIncidentInput({ rootComponent: 'payments-gateway' }),
      );
      const action = await kit.createAction({ url: `${target.origin}/fix` });
      const done = await run({ action_id: action.id, incident_id: incident.id });
      const anomaly = makeAnomaly({ component: 'payments-gateway' });
      const detected: AnomaliesDetected = {
        items: [
          {
            anomaly,
            componentMeta: {
              friendly_name: 'x',
              env: 'prod',
              namespace: 'default',
              layer: 'backend',
              version: null,
            },
            templateId: 't',
            template: 't',
            recordId: 'r',
          },
        ],
      };
      await kit.app.bus.publish('anomalies.detected', detected);
      await kit.app.bus.drain();
      kit.timers.fireAll();
      await kit.eventually(async () =>
        (await kit.executionFor(done.id)).verification === 'not_recovered' ? true : null,
      );
      await kit.idle();
      const texts = hook.requests.map((r) => JSON.parse(r.body) as { text: string; event: string });
      expect(texts.map((t) => t.event)).toContain('verification_failed');
      const stats = await kit.app.http.inject({ method: 'GET', url: '/api/executor/stats' });
      expect(
        (stats.json() as { data: { actions: { verifications: { not_recovered: number } }[] } }).data
          .actions[0]?.verifications.not_recovered,
      ).toBe(1);
    } finally {
      await hook.close();
    }
  });
});
