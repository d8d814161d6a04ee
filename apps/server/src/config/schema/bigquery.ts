import { defineSection } from '../field';
import type { FieldDef } from '../types';
import { AGENT_IDS } from '../types';
import { bool, choice, int, str } from './kinds';

const owner = 'global' as const;
const section = 'BigQuery';
// No BigQuery sink exists: write settings are stored and validated, never fake-wired.
const unused = { usedByDeployment: false } as const;

/**
 * Global BigQuery settings. Project, dataset, endpoint, credentials, location, job timeout, query
 * cache and the socket pool drive the connection test; the write settings wait for a sink.
 */
export const BIGQUERY_FIELDS = [
  ...defineSection(
    'bigquery',
    { owner, section },
    {
      project_id: str('', 'Google Cloud project used by the connection test.'),
      dataset: str(
        'vigil',
        'Dataset the connection test reads (and a BigQuery sink would write to).',
      ),
      api_endpoint: str('https://bigquery.googleapis.com', 'BigQuery REST API base URL.', {
        pattern: /^https?:\/\/[^\s/]+(\/\S*)?$/,
        patternMessage: 'Expected an http(s) URL',
      }),
      location: str('US', 'BigQuery location where the connection test runs its probe query job.'),
      credentials_path: str('', 'Service-account credentials file.', { secret: true }),
      write_method: choice(
        'streaming_insert',
        ['streaming_insert', 'load_job', 'storage_write'],
        'How rows would be written.',
        unused,
      ),
      job_timeout_seconds: int(
        60,
        1,
        3600,
        "Timeout of one BigQuery job (jobTimeoutMs of the connection test's probe query).",
      ),
    },
  ),
  ...defineSection(
    'bigquery.retention',
    { owner, section },
    {
      partition_expiration_days: int(14, 1, 3650, 'Days before a partition expires.', unused),
    },
  ),
  ...defineSection(
    'bigquery.performance',
    { owner, section },
    {
      client_pool_size: int(
        10,
        1,
        50,
        'Most sockets open at once to the BigQuery and token endpoints.',
      ),
      enable_connection_pooling: bool(
        true,
        'Keep sockets to BigQuery open between calls (keep-alive); off opens one per call.',
      ),
    },
  ),
  ...defineSection(
    'bigquery.streaming',
    { owner, section },
    {
      enable_deduplication: bool(true, 'Send insert ids so BigQuery deduplicates retries.', unused),
      max_row_size_mb: int(9, 1, 10, 'Largest row streamed, in MB.', unused),
    },
  ),
  ...defineSection(
    'bigquery.query',
    { owner, section },
    {
      enable_cache: bool(
        true,
        "Let queries (the connection test's probe) use the BigQuery query cache.",
      ),
    },
  ),
];

/** Per-agent overrides, one identical set per agent (the "Database/BigQuery overrides" card). */
export function agentBigQueryFields(): FieldDef[] {
  return AGENT_IDS.flatMap((agent) => {
    const prefix = `agents.${agent}.bigquery`;
    const shared = { owner: agent, section: 'BigQuery Overrides' };
    return [
      ...defineSection(prefix, shared, {
        write_enabled: bool(false, "Write this agent's output to BigQuery.", unused),
      }),
      ...defineSection(`${prefix}.streaming`, shared, {
        batch_size: int(200, 1, 10000, 'Rows per streaming insert.', unused),
        max_retries: int(3, 0, 10, 'Retries of a failed insert.', unused),
        backoff_initial_seconds: int(1, 1, 60, 'First retry delay.', unused),
        backoff_max_seconds: int(10, 1, 300, 'Longest retry delay.', unused),
      }),
      ...defineSection(`${prefix}.query`, shared, {
        max_scanned_bytes: int(1e9, 1, 1e13, 'Most bytes one query may scan.', unused),
        timeout_seconds: int(30, 1, 300, 'Timeout of one query.', unused),
      }),
    ];
  });
}
