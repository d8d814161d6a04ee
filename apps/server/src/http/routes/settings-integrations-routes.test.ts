import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BigQuerySettings,
  BigQueryTestResult,
  envelope,
  ErrorBody,
  IntegrationList,
  SaveResult,
  SECRET_MARKER,
} from '@vigil/contract';
import {
  startLocalBigQuery,
  writeServiceAccountKey,
  type LocalBigQuery,
} from '../../integrations/bigquery/local-bigquery';
import { createTestApp, type TestApp } from '../../testing/test-app';

const Integrations = envelope(IntegrationList);
const Tested = envelope(BigQueryTestResult);
const BigQuery = envelope(BigQuerySettings);
const Saved = envelope(SaveResult);

async function send(app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  const response = await app.http.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as unknown, raw: response.body };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('settings: integrations and BigQuery', () => {
  let app: TestApp;
  let dir: string;
  let google: LocalBigQuery;
  let keyPath: string;
  beforeAll(async () => {
    app = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'vigil-bq-http-'));
    google = await startLocalBigQuery();
    keyPath = await writeServiceAccountKey(dir, google.url);
  });
  afterAll(async () => {
    await app.dispose();
    google.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const integrations = async () =>
    Integrations.parse((await send(app, 'GET', '/api/settings/integrations')).body).data
      .integrations;

  it('lists the five integrations with status, agents and masked config', async () => {
    const list = await integrations();
    expect(list.map((i) => [i.type, i.name, i.status])).toEqual([
      ['otel', 'OpenTelemetry', 'not_configured'],
      ['gemini', 'Gemini AI', 'not_configured'],
      ['bigquery', 'BigQuery', 'not_configured'],
      ['postgres', 'PostgreSQL', 'not_configured'],
      ['email', 'Email Service', 'not_configured'],
    ]);
    expect(list.find((i) => i.type === 'otel')).toMatchObject({
      agents: ['traceability'],
      used_by_deployment: true,
      config: { 'otel.timeout_seconds': 2, 'otel.max_retries': 2 },
    });
    await send(app, 'PUT', '/api/settings/global', { 'otel.base_url': 'http://127.0.0.1:16686' });
    expect((await integrations()).find((i) => i.type === 'otel')?.status).toBe('configured');
  });

  it('round-trips the global BigQuery block as a nested body, secrets masked', async () => {
    const saved = await send(app, 'PUT', '/api/settings/database/bigquery/global', {
      bigquery: {
        project_id: 'demo-project',
        dataset: 'vigil',
        credentials_path: keyPath,
        api_endpoint: google.url,
        performance: { client_pool_size: 20 },
      },
    });
    expect(saved.status).toBe(200);
    expect(Saved.parse(saved.body).data.changed).toContain('bigquery.performance.client_pool_size');
    const { data } = BigQuery.parse(
      (await send(app, 'GET', '/api/settings/database/bigquery/global')).body,
    );
    expect(data.bigquery).toMatchObject({
      project_id: 'demo-project',
      credentials_path: SECRET_MARKER,
      performance: { client_pool_size: 20, enable_connection_pooling: true },
      write_method: 'streaming_insert',
    });
    expect(data.fields.find((f) => f.path === 'bigquery.write_method')?.used_by_deployment).toBe(
      false,
    );
    const bad = await send(app, 'PUT', '/api/settings/database/bigquery/global', {
      bigquery: { performance: { client_pool_size: 51 }, streaming: { max_row_size_mb: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).errors).toEqual([
      { path: 'bigquery.performance.client_pool_size', message: 'Must be between 1 and 50' },
      { path: 'bigquery.streaming.max_row_size_mb', message: 'Must be between 1 and 10' },
    ]);
  });

  it('round-trips per-agent BigQuery overrides', async () => {
    const saved = await send(app, 'PUT', '/api/settings/database/bigquery/agents/rca', {
      bigquery: { write_enabled: true, streaming: { batch_size: 50 } },
    });
    expect(saved.status).toBe(200);
    const { data } = BigQuery.parse(
      (await send(app, 'GET', '/api/settings/database/bigquery/agents/rca')).body,
    );
    expect(data.bigquery).toEqual({
      write_enabled: true,
      streaming: {
        batch_size: 50,
        max_retries: 3,
        backoff_initial_seconds: 1,
        backoff_max_seconds: 10,
      },
      query: { max_scanned_bytes: 1e9, timeout_seconds: 30 },
    });
    const inverted = await send(app, 'PUT', '/api/settings/database/bigquery/agents/rca', {
      bigquery: { streaming: { backoff_initial_seconds: 20 } },
    });
    expect(inverted.status).toBe(400);
    expect(ErrorBody.parse(inverted.body).errors?.[0]?.path).toBe(
      'agents.rca.bigquery.streaming.backoff_initial_seconds',
    );
    expect((await integrations()).find((i) => i.type === 'bigquery')?.agents).toEqual(['rca']);
  });

  it('tests the connection for real: Connected against the local BigQuery, Failed when unreachable', async () => {
    const ok = Tested.parse(
      (await send(app, 'POST', '/api/settings/integrations/bigquery/test-connection', {})).body,
    );
    expect(ok.data).toMatchObject({
      status: 'Connected',
      connected: true,
      detail: 'Connected to demo-project:vigil (EU)',
    });
    expect(ok.message).toBe('Connected');
    expect((await integrations()).find((i) => i.type === 'bigquery')?.status).toBe('configured');

    const port = await closedPort();
    await send(app, 'PUT', '/api/settings/database/bigquery/global', {
      bigquery: { api_endpoint: `http://127.0.0.1:${port}` },
    });
    const failed = Tested.parse(
      (await send(app, 'POST', '/api/settings/integrations/bigquery/test-connection')).body,
    );
    expect(failed.data.status).toBe('Failed');
    expect(failed.data.detail).toMatch(
      new RegExp(`^BigQuery API unreachable at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED`),
    );
    const card = (await integrations()).find((i) => i.type === 'bigquery');
    expect(card).toMatchObject({ status: 'error', status_detail: failed.data.detail });
    // The key's path is a secret: never in any answer.
    const raw = (await send(app, 'GET', '/api/settings/integrations')).raw;
    expect(raw).not.toContain(keyPath);
  });
});
