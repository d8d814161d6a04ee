import { ExecutionListBody, ServiceHealth, envelope } from '@vigil/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  answer,
  startLocalTarget,
  type LocalTarget,
} from '../../agents/shared/safe-http/local-target';
import { makeIncidentInput } from '../../store/test-factories';
import { createExecutorKit, type ExecutorKit } from '../../testing/executor-kit';

const HealthBody = envelope(
  z.object({ environment: z.string(), services: z.array(ServiceHealth) }),
);

describe('executor routes', () => {
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
  const get = (url: string) => kit.app.http.inject({ method: 'GET', url });

  it('lists executions with total_count at the top level, filtered', async () => {
    const a = await kit.createAction({ name: 'A', url: `${target.origin}/a` });
    const b = await kit.createAction({ name: 'B', url: `${target.origin}/b` });
    for (const action of [a, a, b])
      await kit.execute({
        action_id: action.id,
        anomaly_event_id: action === b ? 'anom-1' : undefined,
      });
    await kit.idle();
    const all = ExecutionListBody.parse((await get('/api/executor/executions')).json());
    expect(all.total_count).toBe(3);
    expect(
      ExecutionListBody.parse(
        (await get(`/api/executor/executions?action_id=${a.id}&limit=1`)).json(),
      ),
    ).toMatchObject({ total_count: 2, executions: [{ action_id: a.id }] });
    expect(
      ExecutionListBody.parse(
        (await get('/api/executor/executions?anomaly_event_id=anom-1')).json(),
      ).executions.map((e) => e.action_name),
    ).toEqual(['B']);
    expect((await get('/api/executor/executions?status=bogus')).statusCode).toBe(400);
    const stats = (await get('/api/executor/stats')).json() as {
      data: { actions: { action_name: string; runs: number; success_rate: number }[] };
    };
    expect(stats.data.actions.map((s) => [s.action_name, s.runs, s.success_rate])).toEqual(
      expect.arrayContaining([
        ['A', 2, 1],
        ['B', 1, 1],
      ]),
    );
  });

  it('registers services and probes them now through the guarded client', async () => {
    target.setHandler(answer(200, '{"status":"ok"}'));
    for (const name of ['allowed', 'refused']) {
      // `localhost` is not on the allowlist: it resolves to loopback and is refused.
      const host = name === 'allowed' ? '127.0.0.1' : 'localhost';
      const response = await kit.app.http.inject({
        method: 'POST',
        url: '/api/executor/services',
        payload: {
          name,
          environment: 'production',
          base_url: `http://${host}:${target.port}`,
          health_path: '/healthz',
        },
      });
      expect(response.statusCode).toBe(201);
    }
    await kit.app.http.inject({
      method: 'POST',
      url: '/api/executor/services',
      payload: { name: 'staging-only', environment: 'staging', base_url: `${target.origin}` },
    });
    const health = HealthBody.parse((await get('/api/executor/services/health')).json()).data;
    expect(health.environment).toBe('production');
    const byName = Object.fromEntries(health.services.map((s) => [s.name, s]));
    expect(byName.allowed).toMatchObject({ status: 'healthy', http_status: 200 });
    expect(byName.allowed?.latency_ms).toBeGreaterThanOrEqual(0);
    expect(byName.refused).toMatchObject({ status: 'refused', latency_ms: null });
    expect(target.requests.map((r) => r.url)).toEqual(['/healthz']);
    const bad = await kit.app.http.inject({
      method: 'POST',
      url: '/api/executor/services',
      payload: { name: 'x', base_url: 'file:///etc/passwd' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets a planted secret out: API answers, audit, notifications, errors', async () => {
    const SECRET = 'PLANTED-hdr-7f3a9c';
    const PARAM_SECRET = 'param-s3cret-value';
    const hook = await startLocalTarget();
    kit.collaborator.webhook.url = `${hook.origin}/hook`;
    try {
      // The target echoes what it got, so an error message would carry the secrets if not masked.
      target.setHandler((req, res) =>
        answer(req.url.includes('fail') ? 500 : 200, JSON.stringify(req.headers) + req.body)(
          req,
          res,
        ),
      );
      const template = (path: string) => ({
        method: 'POST' as const,
        url: `${target.origin}/${path}?k={{api_key}}`,
        headers: { Authorization: `Bearer ${SECRET}`, 'X-Echo': '{{api_key}}' },
        body: { key: '{{api_key}}' },
      });
      const ok = await kit.createAction({
        name: 'Ok',
        url: '',
        template_command: template('ok'),
        required_parameters: { api_key: { secret: true } },
      });
      const bad = await kit.createAction({
        name: 'Bad',
        url: '',
        template_command: template('fail'),
        required_parameters: { api_key: { secret: true } },
        max_retries: 1,
      });
      const incident = await kit.app.store.incidents.create(makeIncidentInput());
      const answers: unknown[] = [];
      for (const action of [ok, bad]) {
        answers.push(
          (
            await kit.execute({
              action_id: action.id,
              parameters: { api_key: PARAM_SECRET },
              incident_id: incident.id,
            })
          ).json,
        );
        answers.push(
          (
            await kit.execute({
              action_id: action.id,
              parameters: { api_key: PARAM_SECRET },
              dry_run: true,
            })
          ).json,
        );
      }
      await kit.idle();
      expect(target.requests.some((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(
        true,
      );
      for (const url of [
        '/api/executor/executions',
        '/api/executor/actions',
        `/api/executor/actions/${ok.id}`,
        '/api/audit/trail?page_size=1000',
        '/api/executor/stats',
        '/api/executor/health',
      ]) {
        answers.push((await get(url)).json());
      }
      const audit = await kit.app.store.audit.list({ page: 1, pageSize: 1_000 });
      const notifications = await kit.app.store.notifications.list({ limit: 100 });
      const executions = await kit.app.store.executions.list({ limit: 100 });
      expect(executions.items.map((e) => e.status)).toEqual(
        expect.arrayContaining(['success', 'failed']),
      );
      expect(notifications.total).toBeGreaterThan(0);
      const everything = JSON.stringify({
        answers,
        audit,
        notifications,
        executions,
        hooks: hook.requests.map((r) => r.body),
      });
      for (const secret of [SECRET, PARAM_SECRET, encodeURIComponent(PARAM_SECRET)])
        expect(everything.split(secret).length - 1).toBe(0);
      expect(everything).toContain('••••');
    } finally {
      await hook.close();
    }
  });
});
