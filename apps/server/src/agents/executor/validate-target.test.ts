import { Execution, envelope, ErrorBody } from '@vigil/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startLocalTarget, type LocalTarget } from '../shared/safe-http/local-target';

const ExecutionBody = envelope(Execution);

describe('agents.executor.validation_timeout_seconds', () => {
  let app: TestApp | null = null;
  let target: LocalTarget | null = null;
  afterEach(async () => {
    await app?.dispose();
    await target?.close();
  });

  it('refuses an execution whose target takes longer to resolve than the validation timeout', async () => {
    target = await startLocalTarget();
    const port = target.port;
    let lookups = 0;
    // This machine's resolver cannot be made slow: the DNS step of the check gets a slow answer.
    app = await createTestApp({
      executor: {
        resolve: async () => {
          lookups += 1;
          await new Promise((resolve) => setTimeout(resolve, 5_600));
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    });
    const http = app.http;
    const settings = await http.inject({
      method: 'PUT',
      url: '/api/settings/agents/executor',
      payload: {
        'agents.executor.validation_timeout_seconds': 5,
        'agents.executor.approval_required': false,
        'safety_validation.host_allowlist': ['slow-dns.test'],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await http.inject({
      method: 'POST',
      url: '/api/executor/actions',
      payload: {
        name: 'Restart checkout',
        template_command: { method: 'POST', url: `http://slow-dns.test:${port}/restart` },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const actionId = (created.json() as { data: { id: string } }).data.id;
    const execute = () =>
      http.inject({
        method: 'POST',
        url: '/api/executor/execute',
        payload: { action_id: actionId },
      });

    const begun = Date.now();
    const refused = await execute();
    expect(Date.now() - begun).toBeLessThan(5_500);
    expect(refused.statusCode).toBe(409);
    expect(ErrorBody.parse(refused.json()).code).toBe('VALIDATION_TIMEOUT');
    expect(refused.body).toContain('did not finish within 5 s');
    expect(await app.store.executions.list({ actionId, limit: 10 })).toMatchObject({ total: 0 });
    expect(target.requests).toHaveLength(0);

    await http.inject({
      method: 'PUT',
      url: '/api/settings/agents/executor',
      payload: { 'agents.executor.validation_timeout_seconds': 10 },
    });
    const accepted = await execute();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const id = ExecutionBody.parse(accepted.json()).data.id;
    for (let i = 0; i < 300 && target.requests.length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target.requests).toHaveLength(1);
    expect(lookups).toBeGreaterThanOrEqual(2);
    expect((await app.store.executions.get(id))?.status).not.toBe('failed');
  }, 30_000);
});
