import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { GoogleApiError } from './service-account';

export interface HttpPoolOptions {
  /** Keep sockets open between calls (keep-alive); false opens one socket per call. */
  pooled: boolean;
  /** Most sockets open at once per host. */
  maxSockets: number;
}

/** The sockets Google calls go through: one keep-alive agent per scheme, or none when not pooled. */
export interface HttpPool {
  agentFor(url: URL): HttpAgent | undefined;
  destroy(): void;
}

export function createHttpPool(options: HttpPoolOptions): HttpPool {
  const settings = { keepAlive: options.pooled, maxSockets: Math.max(1, options.maxSockets) };
  const http = new HttpAgent(settings);
  const https = new HttpsAgent(settings);
  return {
    agentFor: (url) => (url.protocol === 'https:' ? https : http),
    destroy() {
      http.destroy();
      https.destroy();
    },
  };
}

export interface JsonRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface CallOptions {
  /** Bound on the whole call: connect, send, answer. */
  timeoutMs: number;
  /** Names the service in error messages ("BigQuery API", "Token endpoint"). */
  what: string;
  pool?: HttpPool;
  /** Largest answer read (default 4 MiB). */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 4 * 1_048_576;

const reasonOf = (error: unknown): string => {
  const { code, message } = error as { code?: string; message?: string };
  if (code) return `${code}${message && !message.startsWith(code) ? `: ${message}` : ''}`;
  return message ?? String(error);
};

/** Google's error shapes: `{error: {message}}` (APIs) and `{error, error_description}` (OAuth). */
function messageOf(body: unknown, fallback: string): string {
  const reason = (body ?? {}) as {
    error?: { message?: string } | string;
    error_description?: string;
  };
  return (
    reason.error_description ??
    (typeof reason.error === 'string' ? reason.error : reason.error?.message) ??
    fallback
  );
}

/**
 * One JSON call to a Google endpoint. Redirects are not followed (a key or token must never follow
 * a Location header elsewhere): a 3xx is an error like any other non-2xx. Throws GoogleApiError
 * naming the service and the reason.
 */
export function callJson(url: string, init: JsonRequest, options: CallOptions): Promise<unknown> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      reject(new GoogleApiError(message));
    };
    const req = send(target, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-length': Buffer.byteLength(init.body) }),
      },
      agent: options.pool?.agentFor(target),
    });
    const timer = setTimeout(() => {
      fail(`${options.what} at ${target.origin} timed out after ${options.timeoutMs} ms`);
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      fail(`${options.what} unreachable at ${target.origin} (${reasonOf(error)})`);
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          clearTimeout(timer);
          fail(`${options.what} answered more than ${maxBytes} bytes`);
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        fail(`${options.what} connection broke (${reasonOf(error)})`);
      });
      response.on('end', () => {
        clearTimeout(timer);
        if (settled) return;
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300)
          return fail(
            `${options.what} answered HTTP ${status}: ${messageOf(body, response.statusMessage ?? 'error')}`,
          );
        if (body === null && text !== '') return fail(`${options.what} answered with invalid JSON`);
        settled = true;
        resolve(body);
      });
    });
    req.end(init.body);
  });
}
