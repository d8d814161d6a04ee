import { createTokenCache, type TokenCache } from '../google-auth/access-token';
import { callJson, type HttpPool } from '../google-auth/google-http';
import { GoogleApiError } from '../google-auth/service-account';

export const BIGQUERY_READ_SCOPE = 'https://www.googleapis.com/auth/bigquery.readonly';

export interface BigQueryTarget {
  credentialsPath: string;
  /** Empty: the key file's own project. */
  projectId: string;
  /** Empty: list the project's datasets instead of reading one. */
  dataset: string;
  /** REST base, e.g. https://bigquery.googleapis.com. */
  apiEndpoint: string;
  /** Where the probe query job runs (`bigquery.location`). */
  location: string;
  /** Bound on the probe query job (`bigquery.job_timeout_seconds`). */
  jobTimeoutSeconds: number;
  /** Whether the probe query may be answered from the query cache (`bigquery.query.enable_cache`). */
  useQueryCache: boolean;
}

export interface ConnectionCheck {
  connected: boolean;
  detail: string;
  latencyMs: number;
}

export interface BigQueryClientOptions {
  /** Bound on each HTTP call (token exchange, API calls). */
  timeoutMs: number;
  now?: () => number;
  /** Sockets to reuse (`bigquery.performance.*`); none: a socket per call. */
  pool?: HttpPool;
  tokens?: TokenCache;
}

/** The probe query: touches no table, so it costs nothing, but runs as a real job in `location`. */
export const PROBE_QUERY = 'SELECT 1 AS ok';

const describe = (error: unknown): string =>
  error instanceof GoogleApiError
    ? error.message
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * A real BigQuery REST check: service-account key -> signed JWT -> OAuth token -> datasets.get
 * (or datasets.list when no dataset is set) -> jobs.query of PROBE_QUERY in the configured
 * location. Never throws: a failure is `connected: false` with the reason.
 */
export async function testBigQueryConnection(
  target: BigQueryTarget,
  options: BigQueryClientOptions,
): Promise<ConnectionCheck> {
  const now = options.now ?? Date.now;
  const started = now();
  const finish = (connected: boolean, detail: string): ConnectionCheck => ({
    connected,
    detail,
    latencyMs: Math.max(0, now() - started),
  });
  const pool = options.pool ? { pool: options.pool } : {};
  try {
    const tokens = options.tokens ?? createTokenCache(now);
    const { token, keyProject } = await tokens.get({
      credentialsPath: target.credentialsPath,
      scope: BIGQUERY_READ_SCOPE,
      timeoutMs: options.timeoutMs,
      ...pool,
    });
    const project = target.projectId.trim() || keyProject;
    if (project === '') throw new GoogleApiError('No project id is configured');
    const base = `${target.apiEndpoint.replace(/\/+$/, '')}/bigquery/v2/projects/${encodeURIComponent(project)}`;
    const dataset = target.dataset.trim();
    const url = dataset
      ? `${base}/datasets/${encodeURIComponent(dataset)}`
      : `${base}/datasets?maxResults=1`;
    const headers = { authorization: `Bearer ${token}` };
    const call = { timeoutMs: options.timeoutMs, what: 'BigQuery API', ...pool };
    const body = await callJson(url, { method: 'GET', headers }, call);
    await runProbeQuery(base, headers, target, call);
    const location = (body as { location?: unknown } | null)?.location;
    return finish(
      true,
      dataset
        ? `Connected to ${project}:${dataset}${typeof location === 'string' ? ` (${location})` : ''}`
        : `Connected to project ${project}`,
    );
  } catch (error) {
    return finish(false, describe(error));
  }
}

async function runProbeQuery(
  base: string,
  headers: Record<string, string>,
  target: BigQueryTarget,
  call: Parameters<typeof callJson>[2],
): Promise<void> {
  const jobTimeoutMs = target.jobTimeoutSeconds * 1_000;
  const answer = (await callJson(
    `${base}/queries`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: PROBE_QUERY,
        useLegacySql: false,
        location: target.location,
        useQueryCache: target.useQueryCache,
        jobTimeoutMs,
        // How long jobs.query waits for the job before answering jobComplete: false.
        timeoutMs: Math.min(jobTimeoutMs, call.timeoutMs),
      }),
    },
    call,
  )) as { jobComplete?: unknown } | null;
  if (answer?.jobComplete !== true)
    throw new GoogleApiError(
      `BigQuery probe query did not complete within ${Math.min(jobTimeoutMs, call.timeoutMs) / 1_000} s`,
    );
}
