import type { RenderedRequest } from '@vigil/contract';
import { SafeHttpError, type SafeHttpClient } from '../shared/safe-http/safe-http-client';
import type { SecretMasker } from '../shared/safe-http/secret-mask';

export interface RetryDeps {
  client: SafeHttpClient;
  sleep: (ms: number) => Promise<void>;
  /** [0, 1): the jitter source. */
  random: () => number;
}

export interface RunOutcome {
  status: 'success' | 'failed' | 'timeout';
  responseStatus: number | null;
  /** Attempts after the first. */
  retryCount: number;
  /** Masked. */
  error: string | null;
}

const MAX_BACKOFF_MS = 300_000;

/** Exponential backoff with jitter: base · 2^n, scaled into [50 %, 100 %) so retries spread out. */
export function backoffMs(retry: number, baseMs: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** retry);
  return Math.round(ceiling * (0.5 + random() / 2));
}

interface Attempt {
  ok: boolean;
  retryable: boolean;
  timedOut: boolean;
  responseStatus: number | null;
  error: string | null;
}

async function attempt(
  request: RenderedRequest,
  client: SafeHttpClient,
  masker: SecretMasker,
): Promise<Attempt> {
  try {
    const response = await client.request({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
      timeoutMs: request.timeout_seconds * 1_000,
    });
    if (response.status >= 200 && response.status < 300) {
      return {
        ok: true,
        retryable: false,
        timedOut: false,
        responseStatus: response.status,
        error: null,
      };
    }
    const snippet = response.body.trim().slice(0, 200);
    return {
      ok: false,
      retryable: response.status >= 500 || response.status === 429 || response.status === 408,
      timedOut: false,
      responseStatus: response.status,
      error: masker.text(`Target answered HTTP ${response.status}${snippet ? `: ${snippet}` : ''}`),
    };
  } catch (error) {
    const safe =
      error instanceof SafeHttpError ? error : new SafeHttpError('network', 'Request failed');
    return {
      ok: false,
      retryable: safe.retryable,
      timedOut: safe.kind === 'timeout',
      responseStatus: null,
      error: masker.text(safe.message),
    };
  }
}

/** Runs a rendered request, retrying network trouble, timeouts, 5xx, 408 and 429 only. */
export async function runWithRetries(
  request: RenderedRequest,
  maxRetries: number,
  baseDelayMs: number,
  deps: RetryDeps,
  masker: SecretMasker,
): Promise<RunOutcome> {
  let retry = 0;
  for (;;) {
    const result = await attempt(request, deps.client, masker);
    if (result.ok)
      return {
        status: 'success',
        responseStatus: result.responseStatus,
        retryCount: retry,
        error: null,
      };
    if (!result.retryable || retry >= maxRetries) {
      return {
        status: result.timedOut ? 'timeout' : 'failed',
        responseStatus: result.responseStatus,
        retryCount: retry,
        error: result.error,
      };
    }
    await deps.sleep(backoffMs(retry, baseDelayMs, deps.random));
    retry += 1;
  }
}

/** The longest a run can take: every attempt timing out, with the longest backoff between them. */
export function longestRunMs(
  request: RenderedRequest,
  maxRetries: number,
  baseDelayMs: number,
): number {
  let total = (maxRetries + 1) * request.timeout_seconds * 1_000;
  for (let retry = 0; retry < maxRetries; retry += 1)
    total += Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** retry);
  return total;
}
