import { BigQueryConnectionError, readServiceAccountKey } from './service-account';
import { signJwtRs256 } from './sign-jwt';

export const BIGQUERY_READ_SCOPE = 'https://www.googleapis.com/auth/bigquery.readonly';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_SECONDS = 3_600;

export interface BigQueryTarget {
  credentialsPath: string;
  /** Empty: the key file's own project. */
  projectId: string;
  /** Empty: list the project's datasets instead of reading one. */
  dataset: string;
  /** REST base, e.g. https://bigquery.googleapis.com. */
  apiEndpoint: string;
}

export interface ConnectionCheck {
  connected: boolean;
  detail: string;
  latencyMs: number;
}

export interface BigQueryClientOptions {
  /** Bound on each HTTP call (token exchange, API call). */
  timeoutMs: number;
  now?: () => number;
}

const describe = (error: unknown): string => {
  if (error instanceof BigQueryConnectionError) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return 'the request timed out';
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string }) : null;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
};

async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  what: string,
): Promise<unknown> {
  let response: Response;
  try {
    // Redirects are refused: a key or token must never follow a Location header elsewhere.
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new BigQueryConnectionError(
      `${what} unreachable at ${new URL(url).origin} (${describe(error)})`,
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    const reason =
      (body as { error?: { message?: string } | string; error_description?: string } | null) ?? {};
    const message =
      reason.error_description ??
      (typeof reason.error === 'string' ? reason.error : reason.error?.message) ??
      response.statusText;
    throw new BigQueryConnectionError(`${what} answered HTTP ${response.status}: ${message}`);
  }
  return body;
}

async function accessToken(
  key: Awaited<ReturnType<typeof readServiceAccountKey>>,
  nowMs: number,
  timeoutMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1_000);
  let assertion: string;
  try {
    assertion = signJwtRs256(
      {
        iss: key.client_email,
        scope: BIGQUERY_READ_SCOPE,
        aud: key.token_uri,
        iat,
        exp: iat + ASSERTION_LIFETIME_SECONDS,
      },
      key.private_key,
    );
  } catch {
    throw new BigQueryConnectionError('The private key in the credentials file cannot sign');
  }
  const body = await call(
    key.token_uri,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    },
    timeoutMs,
    'Token endpoint',
  );
  const token = (body as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new BigQueryConnectionError('Token endpoint answered without an access_token');
  }
  return token;
}

/**
 * A real BigQuery REST check: service-account key -> signed JWT -> OAuth token -> datasets.get
 * (or datasets.list when no dataset is set). Never throws: a failure is `connected: false` with
 * the reason.
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
  try {
    const key = await readServiceAccountKey(target.credentialsPath);
    const project = target.projectId.trim() || key.project_id?.trim() || '';
    if (project === '') throw new BigQueryConnectionError('No project id is configured');
    const token = await accessToken(key, now(), options.timeoutMs);
    const base = `${target.apiEndpoint.replace(/\/+$/, '')}/bigquery/v2/projects/${encodeURIComponent(project)}`;
    const dataset = target.dataset.trim();
    const url = dataset
      ? `${base}/datasets/${encodeURIComponent(dataset)}`
      : `${base}/datasets?maxResults=1`;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const body = await call(url, { headers }, options.timeoutMs, 'BigQuery API');
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
