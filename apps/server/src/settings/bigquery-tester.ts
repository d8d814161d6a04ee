import {
  testBigQueryConnection,
  type ConnectionCheck,
} from '../integrations/bigquery/bigquery-client';
import type { ConfigService } from './config-service';
import { readValues } from './read-values';

export interface BigQueryTester {
  run(): Promise<ConnectionCheck>;
  last(): ConnectionCheck | null;
}

/** Tests the connection with the saved BigQuery settings and remembers the result for the card. */
export function createBigQueryTester(config: ConfigService, now: () => number): BigQueryTester {
  let last: ConnectionCheck | null = null;
  return {
    async run() {
      const v = readValues(config.values());
      last = await testBigQueryConnection(
        {
          credentialsPath: v.string('bigquery.credentials_path'),
          projectId: v.string('bigquery.project_id'),
          dataset: v.string('bigquery.dataset'),
          apiEndpoint: v.string('bigquery.api_endpoint'),
        },
        // Each HTTP call is bounded by the network default timeout (1–300 s).
        { timeoutMs: v.number('network.default_timeout') * 1_000, now },
      );
      return last;
    },
    last: () => last,
  };
}
