import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BigQueryTestResult, envelope } from '@vigil/contract';
import {
  startLocalBigQuery,
  writeServiceAccountKey,
  type LocalBigQuery,
} from '../integrations/bigquery/local-bigquery';
import { createTestApp, type TestApp } from '../testing/test-app';

const Tested = envelope(BigQueryTestResult);

describe('BigQuery connection test driven by the saved global settings', () => {
  let app: TestApp;
  let dir: string;
  let google: LocalBigQuery;

  beforeAll(async () => {
    app = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'vigil-bq-settings-'));
    google = await startLocalBigQuery();
    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/database/bigquery/global',
      payload: {
        bigquery: {
          credentials_path: await writeServiceAccountKey(dir, google.url),
          api_endpoint: google.url,
        },
      },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.dispose();
    google.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const save = async (bigquery: Record<string, unknown>) => {
    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/database/bigquery/global',
      payload: { bigquery },
    });
    expect(saved.statusCode).toBe(200);
  };
  const test = async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/settings/integrations/bigquery/test-connection',
    });
    return Tested.parse(response.json()).data;
  };

  it('runs its probe query job in the saved location, with the saved job timeout and cache setting', async () => {
    expect(await test()).toMatchObject({ connected: true });
    expect(google.queries.at(-1)).toMatchObject({
      location: 'US',
      jobTimeoutMs: 60_000,
      useQueryCache: true,
    });
    await save({ location: 'EU', job_timeout_seconds: 5, query: { enable_cache: false } });
    expect(await test()).toMatchObject({ connected: true });
    expect(google.queries.at(-1)).toMatchObject({
      location: 'EU',
      jobTimeoutMs: 5_000,
      timeoutMs: 5_000,
      useQueryCache: false,
    });
  });

  it('keeps sockets open between tests when pooling is on; opens one per call when off', async () => {
    await save({ performance: { enable_connection_pooling: true, client_pool_size: 1 } });
    let before = google.sockets.length;
    await test();
    await test();
    // Two tests, three calls each (token, dataset, query), one kept-alive socket.
    expect(google.sockets.length - before).toBe(1);

    await save({ performance: { enable_connection_pooling: false } });
    before = google.sockets.length;
    await test();
    expect(google.sockets.length - before).toBe(3);
  });
});
