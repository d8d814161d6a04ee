import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Posts OTLP/JSON log batches to a Vigil server, gzipped, retrying what OTLP/HTTP calls
 * retryable (429, 502, 503, 504 and network failures) and honouring Retry-After.
 */
export interface ShipperOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080. */
  server: string;
  token: string | null;
  /** Attempts after the first one. */
  retries: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type ShipResult =
  { ok: true; rejected: number; rejectionMessage: string | null } | { ok: false; message: string };

const RETRYABLE = new Set([429, 502, 503, 504]);
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 60_000;

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_DELAY_MS);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - now), MAX_DELAY_MS);
}

function backoffMs(attempt: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
}

async function serverMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string'
    ) {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim() || response.statusText;
}

function partialSuccess(body: unknown): { rejected: number; message: string | null } {
  if (typeof body !== 'object' || body === null || !('partialSuccess' in body))
    return { rejected: 0, message: null };
  const partial = body.partialSuccess;
  if (typeof partial !== 'object' || partial === null) return { rejected: 0, message: null };
  const count = 'rejectedLogRecords' in partial ? Number(partial.rejectedLogRecords) : 0;
  const message =
    'errorMessage' in partial && typeof partial.errorMessage === 'string'
      ? partial.errorMessage
      : null;
  return { rejected: Number.isFinite(count) ? count : 0, message: message === '' ? null : message };
}

function failure(status: number, message: string): ShipResult {
  if (status === 401 || status === 403) {
    return {
      ok: false,
      message: `the server refused the request (${status}): ${message}. Pass --token or set VIGIL_API_TOKEN`,
    };
  }
  if (status === 413)
    return {
      ok: false,
      message: `the server found a batch too large (413): ${message}. Lower --batch`,
    };
  return { ok: false, message: `the server answered ${status}: ${message}` };
}

export async function shipLogs(
  request: Record<string, unknown>,
  options: ShipperOptions,
): Promise<ShipResult> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const url = new URL('/v1/logs', options.server).toString();
  const body = await gzipAsync(JSON.stringify(request));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
  };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let lastProblem = '';
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers, body });
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error
          ? error.cause.message
          : String(error);
      lastProblem = `cannot reach ${options.server} (${cause})`;
      if (attempt < options.retries) await sleep(backoffMs(attempt));
      continue;
    }
    if (response.ok) {
      const parsed: unknown = await response.json().catch(() => ({}));
      const partial = partialSuccess(parsed);
      return { ok: true, rejected: partial.rejected, rejectionMessage: partial.message };
    }
    const message = await serverMessage(response);
    if (!RETRYABLE.has(response.status)) return failure(response.status, message);
    lastProblem = `the server answered ${response.status}: ${message}`;
    if (attempt < options.retries) {
      await sleep(retryAfterMs(response.headers.get('retry-after'), now()) ?? backoffMs(attempt));
    }
  }
  return { ok: false, message: `${lastProblem} (gave up after ${options.retries + 1} attempts)` };
}
