import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPool } from '../google-auth/google-http';
import { PROBE_QUERY, testBigQueryConnection } from './bigquery-client';
import { startLocalBigQuery, writeServiceAccountKey, type LocalBigQuery } from './local-bigquery';

describe('testBigQueryConnection', () => {
  let dir: string;
  let google: LocalBigQuery;
  let keyPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-bq-'));
    google = await startLocalBigQuery();
    keyPath = await writeServiceAccountKey(dir, google.url);
  });
  afterAll(async () => {
    google.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const target = (overrides: Partial<Parameters<typeof testBigQueryConnection>[0]> = {}) => ({
    credentialsPath: keyPath,
    projectId: '',
    dataset: 'vigil',
    apiEndpoint: google.url,
    location: 'EU',
    jobTimeoutSeconds: 60,
    useQueryCache: true,
    ...overrides,
  });

  it('exchanges a signed JWT for a token and reads the dataset: Connected', async () => {
    const result = await testBigQueryConnection(target(), { timeoutMs: 2_000 });
    expect(result).toMatchObject({
      connected: true,
      detail: 'Connected to demo-project:vigil (EU)',
    });
    expect(google.calls.slice(-3)).toEqual([
      'POST /token',
      'GET /bigquery/v2/projects/demo-project/datasets/vigil',
      'POST /bigquery/v2/projects/demo-project/queries',
    ]);
  });

  it('runs the probe query job with the configured location, job timeout and cache setting', async () => {
    await testBigQueryConnection(
      target({ location: 'asia-northeast1', jobTimeoutSeconds: 7, useQueryCache: false }),
      { timeoutMs: 2_000 },
    );
    expect(google.queries.at(-1)).toEqual({
      query: PROBE_QUERY,
      useLegacySql: false,
      location: 'asia-northeast1',
      useQueryCache: false,
      jobTimeoutMs: 7_000,
      timeoutMs: 2_000,
    });
    await testBigQueryConnection(target({ jobTimeoutSeconds: 1, useQueryCache: true }), {
      timeoutMs: 2_000,
    });
    expect(google.queries.at(-1)).toMatchObject({
      location: 'EU',
      useQueryCache: true,
      jobTimeoutMs: 1_000,
      timeoutMs: 1_000,
    });
  });

  it('reuses pooled sockets, bounded by the pool size; unpooled opens one per call', async () => {
    const socketsDuring = async (pooled: boolean, maxSockets: number, runs: number) => {
      const pool = createHttpPool({ pooled, maxSockets });
      const before = google.sockets.length;
      const results = await Promise.all(
        Array.from({ length: runs }, () =>
          testBigQueryConnection(target(), { timeoutMs: 2_000, pool }),
        ),
      );
      pool.destroy();
      expect(results.every((r) => r.connected)).toBe(true);
      return google.sockets.length - before;
    };
    // 3 checks x 3 calls (token, dataset, query) each.
    expect(await socketsDuring(true, 1, 3)).toBe(1);
    expect(await socketsDuring(true, 2, 3)).toBe(2);
    expect(await socketsDuring(false, 10, 3)).toBe(9);
  });

  it('reports the API error of a missing dataset', async () => {
    const result = await testBigQueryConnection(target({ dataset: 'nope' }), { timeoutMs: 2_000 });
    expect(result.connected).toBe(false);
    expect(result.detail).toMatch(/^BigQuery API answered HTTP 404: Not found: Dataset/);
  });

  it('fails with the reason when the endpoint is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await testBigQueryConnection(
      target({ apiEndpoint: `http://127.0.0.1:${port}` }),
      { timeoutMs: 2_000 },
    );
    expect(result.connected).toBe(false);
    expect(result.detail).toContain(`BigQuery API unreachable at http://127.0.0.1:${port}`);
    expect(result.detail).toContain('ECONNREFUSED');
  });

  it('names a missing or malformed credentials file', async () => {
    const missing = await testBigQueryConnection(
      target({ credentialsPath: join(dir, 'none.json') }),
      {
        timeoutMs: 2_000,
      },
    );
    expect(missing).toMatchObject({
      connected: false,
      detail: 'Cannot read the credentials file (ENOENT)',
    });
    const notKey = join(dir, 'not-key.json');
    await writeFile(notKey, JSON.stringify({ hello: 'world' }));
    const bad = await testBigQueryConnection(target({ credentialsPath: notKey }), {
      timeoutMs: 2_000,
    });
    expect(bad.detail).toBe(
      'The credentials file is not a service-account key (private_key, client_email)',
    );
    const none = await testBigQueryConnection(target({ credentialsPath: '' }), {
      timeoutMs: 2_000,
    });
    expect(none.detail).toBe('No credentials file is configured');
  });
});
