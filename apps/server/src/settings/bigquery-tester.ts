import { createHttpPool, type HttpPool } from '../integrations/google-auth/google-http';
import {
  testBigQueryConnection,
  type ConnectionCheck,
} from '../integrations/bigquery/bigquery-client';
import type { ConfigService } from './config-service';
import { readValues } from './read-values';

export interface BigQueryTester {
  run(): Promise<ConnectionCheck>;
  last(): ConnectionCheck | null;
  /** Closes pooled sockets. */
  close(): void;
}

/** Tests the connection with the saved BigQuery settings and remembers the result for the card. */
export function createBigQueryTester(config: ConfigService, now: () => number): BigQueryTester {
  let last: ConnectionCheck | null = null;
  // A fresh token per test proves the key still works. The pool is rebuilt when the pool settings change; otherwise kept so sockets are reused between tests.
  let pool: { key: string; pool: HttpPool } | null = null;
  const poolFor = (pooled: boolean, size: number): HttpPool => {
    const key = `${pooled}/${size}`;
    if (pool?.key !== key) {
      pool?.pool.destroy();
      pool = { key, pool: createHttpPool({ pooled, maxSockets: size }) };
    }
    return pool.pool;
  };
  return {
    async run() {
      const v = readValues(config.values());
      last = await testBigQueryConnection(
        {
          credentialsPath: v.string('bigquery.credentials_path'),
          projectId: v.string('bigquery.project_id'),
          dataset: v.string('bigquery.dataset'),
          apiEndpoint: v.string('bigquery.api_endpoint'),
          location: v.string('bigquery.location'),
          jobTimeoutSeconds: v.number('bigquery.job_timeout_seconds'),
          useQueryCache: v.boolean('bigquery.query.enable_cache'),
        },
        {
          // Each HTTP call is bounded by the network default timeout (1–300 s).
          timeoutMs: v.number('network.default_timeout') * 1_000,
          now,
          pool: poolFor(
            v.boolean('bigquery.performance.enable_connection_pooling'),
            v.number('bigquery.performance.client_pool_size'),
          ),
        },
      );
      return last;
    },
    last: () => last,
    close() {
      pool?.pool.destroy();
      pool = null;
    },
  };
}
