import { traceToLogs, type ExternalTrace } from './jaeger-trace';

/** `otel.*`: where traces missing from the window are looked up (a Jaeger-compatible query API). */
export interface TraceStoreConfig {
  /** Empty: look-ups are off. */
  baseUrl: string;
  timeoutSeconds: number;
  maxRetries: number;
  /** A trace whose newest span is younger than this may still grow, so it is looked up again. */
  freshnessSeconds: number;
}

export interface TraceStoreClient {
  /** The trace's logs, or null when look-ups are off, the trace is unknown or the store fails. */
  lookup(traceId: string): Promise<ExternalTrace | null>;
}

export interface TraceStoreClientOptions {
  config: () => TraceStoreConfig;
  now: () => number;
  onError?: (traceId: string, error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
}

const MAX_CACHED = 1_000;
const MAX_BODY_BYTES = 8 * 1_048_576;
const TRACE_ID = /^[0-9a-f]{1,32}$/i;
const RETRY_BASE_MS = 100;

class Retryable extends Error {}

async function fetchTrace(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Retryable(error instanceof Error ? error.message : String(error));
  }
  if (response.status === 404) return null;
  if (response.status === 429 || response.status >= 500)
    throw new Retryable(`trace store answered HTTP ${response.status}`);
  if (!response.ok) throw new Error(`trace store answered HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new Error('trace store answer too large');
  const text = await response.text();
  if (text.length > MAX_BODY_BYTES) throw new Error('trace store answer too large');
  return JSON.parse(text) as unknown;
}

/**
 * Looks traces up in an external Jaeger-compatible query API (`GET {base}/api/traces/{id}`),
 * each call bounded by the timeout and retried on network errors, 429 and 5xx. A complete trace
 * (older than the freshness threshold) is cached; a fresh or unknown one is asked again next time.
 */
export function createTraceStoreClient(options: TraceStoreClientOptions): TraceStoreClient {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const complete = new Map<string, ExternalTrace>();

  const remember = (traceId: string, trace: ExternalTrace): void => {
    if (complete.size >= MAX_CACHED) {
      const oldest = complete.keys().next().value;
      if (oldest !== undefined) complete.delete(oldest);
    }
    complete.set(traceId, trace);
  };

  return {
    async lookup(traceId) {
      const config = options.config();
      if (config.baseUrl === '' || !TRACE_ID.test(traceId)) return null;
      const cached = complete.get(traceId);
      if (cached) return cached;
      const url = `${config.baseUrl.replace(/\/+$/, '')}/api/traces/${traceId}`;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const body = await fetchTrace(url, config.timeoutSeconds * 1_000);
          if (body === null) return null;
          const trace = traceToLogs(body, traceId);
          if (trace.logs.length === 0 && trace.newestMs === 0) return null;
          if (options.now() - trace.newestMs >= config.freshnessSeconds * 1_000)
            remember(traceId, trace);
          return trace;
        } catch (error) {
          if (error instanceof Retryable && attempt < config.maxRetries) {
            await sleep(RETRY_BASE_MS * 2 ** attempt);
            continue;
          }
          options.onError?.(traceId, error);
          return null;
        }
      }
    },
  };
}
