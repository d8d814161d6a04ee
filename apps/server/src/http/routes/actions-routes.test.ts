import { ActionListBody, ApprovedAction, ErrorBody, envelope } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeIncidentInput } from '../../store/test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const ActionBody = envelope(ApprovedAction);
const Draft = envelope(
  ApprovedAction.omit({ id: true, created_at: true, updated_at: true }).extend({
    kind: z.string(),
  }),
);

describe('approved actions API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.http.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Restart checkout',
    template_command: {
      url: 'https://ops.example.com/restart',
      headers: { Authorization: 'Bearer keep-me-secret' },
    },
    tags: ['restart', 'checkout'],
    ...overrides,
  });

  it('creates with the spec defaults, reads, lists, updates and deletes', async () => {
    const created = await call('POST', '/api/executor/actions', body());
    expect(created.statusCode).toBe(201);
    const action = ActionBody.parse(created.json()).data;
    expect(action).toMatchObject({
      max_retries: 3,
      timeout_seconds: 300,
      is_active: true,
      template_command: { method: 'POST' },
    });
    expect(action.template_command.headers.Authorization).toBe('••••');
    expect(
      ActionBody.parse((await call('GET', `/api/executor/actions/${action.id}`)).json()).data.name,
    ).toBe('Restart checkout');

    await call(
      'POST',
      '/api/executor/actions',
      body({ name: 'Scale', tags: ['scaling'], is_active: false }),
    );
    const all = ActionListBody.parse(
      (await call('GET', '/api/executor/actions?limit=1000')).json(),
    );
    expect(all.pagination).toEqual({ total: 2, limit: 1000, offset: 0 });
    expect(
      ActionListBody.parse((await call('GET', '/api/executor/actions?active_only=true')).json())
        .actions,
    ).toHaveLength(1);
    expect(
      ActionListBody.parse(
        (await call('GET', '/api/executor/actions?tags=scaling&tags=nope')).json(),
      ).actions.map((a) => a.name),
    ).toEqual(['Scale']);

    // Sending the mask back keeps the stored secret.
    const updated = await call('PUT', `/api/executor/actions/${action.id}`, {
      ...body({ description: 'edited' }),
      template_command: {
        url: 'https://ops.example.com/restart',
        headers: { Authorization: '••••' },
      },
    });
    expect(ActionBody.parse(updated.json()).data.description).toBe('edited');
    expect((await app.store.actions.get(action.id))?.template_command.headers.Authorization).toBe(
      'Bearer keep-me-secret',
    );

    expect((await call('DELETE', `/api/executor/actions/${action.id}`)).json()).toMatchObject({
      success: true,
      data: { id: action.id },
    });
    expect(
      ErrorBody.parse((await call('GET', `/api/executor/actions/${action.id}`)).json()).code,
    ).toBe('ACTION_NOT_FOUND');
  });

  it('answers 400 naming each bad field, and 404 for unknown ids', async () => {
    const bad = await call('POST', '/api/executor/actions', {
      name: '',
      template_command: { method: 'TRACE', url: '' },
      max_retries: 99,
    });
    expect(bad.statusCode).toBe(400);
    const paths = ErrorBody.parse(bad.json()).errors?.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'template_command.method',
        'template_command.url',
        'max_retries',
      ]),
    );
    expect((await call('GET', '/api/executor/actions?limit=5000')).statusCode).toBe(400);
    for (const [method, url] of [
      ['PUT', '/api/executor/actions/nope'],
      ['DELETE', '/api/executor/actions/nope'],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? body() : undefined);
      expect(response.statusCode).toBe(404);
      expect(ErrorBody.parse(response.json()).code).toBe('ACTION_NOT_FOUND');
    }
    const execute = await call('POST', '/api/executor/execute', { action_id: 'nope' });
    expect(ErrorBody.parse(execute.json())).toMatchObject({
      code: 'ACTION_NOT_FOUND',
      detail: 'Approved action nope was not found',
    });
    expect(
      ErrorBody.parse((await call('POST', '/api/executor/executions/nope/approve', {})).json())
        .code,
    ).toBe('EXECUTION_NOT_FOUND');
    expect((await call('POST', '/api/executor/execute', { parameters: 'x' })).statusCode).toBe(400);
  });

  it('names missing required parameters on execute', async () => {
    const created = ActionBody.parse(
      (
        await call(
          'POST',
          '/api/executor/actions',
          body({ name: 'Needs', required_parameters: { component: 'svc', region: 'r' } }),
        )
      ).json(),
    ).data;
    const response = await call('POST', '/api/executor/execute', {
      action_id: created.id,
      parameters: { region: 'eu' },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json())).toMatchObject({
      code: 'MISSING_PARAMETERS',
      detail: 'Missing required parameters: component',
    });
  });

  it.each([
    ['Pods restart in a loop after OOM kills', 'restart'],
    ['CPU saturation on the API tier, p99 latency doubled', 'scale'],
    ['Users see stale prices from the redis cache', 'cache_flush'],
    ['Errors started right after the 2.4 deploy', 'rollback'],
    ['Primary database unreachable', 'failover'],
    ['TLS handshake fails: certificate expired', 'rotate_certificate'],
  ])('drafts an action from "%s" → %s (not saved)', async (description, kind) => {
    const before = ActionListBody.parse((await call('GET', '/api/executor/actions')).json())
      .pagination.total;
    const draft = Draft.parse(
      (await call('POST', '/api/executor/templates/generate', { description })).json(),
    ).data;
    expect(draft.kind).toBe(kind);
    expect(
      ActionListBody.parse((await call('GET', '/api/executor/actions')).json()).pagination.total,
    ).toBe(before);
  });

  it('drafts from an incident and refuses an empty request', async () => {
    const incident = await app.store.incidents.create(
      makeIncidentInput({ details: { failure_kind: 'memory leak' } }),
    );
    const draft = Draft.parse(
      (await call('POST', '/api/executor/templates/generate', { incident_id: incident.id })).json(),
    ).data;
    expect(draft).toMatchObject({ kind: 'restart', name: 'Restart service: payments-gateway' });
    expect((await call('POST', '/api/executor/templates/generate', {})).statusCode).toBe(400);
    expect(
      ErrorBody.parse(
        (await call('POST', '/api/executor/templates/generate', { incident_id: 999 })).json(),
      ).code,
    ).toBe('INCIDENT_NOT_FOUND');
  });

  it('answers health with the contract shape', async () => {
    const health = await call('GET', '/api/executor/health');
    expect(health.json()).toMatchObject({
      success: true,
      data: { enabled: true, kill_switch: false, auto_execute: false, running: 0 },
    });
  });
});
