import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { refusedAddressReason } from './address-policy';

/**
 * The one way Vigil calls out (executor actions, webhooks, service probes). The host is resolved
 * once, every address is checked, and the socket connects to the checked address (a custom
 * `lookup`), so a DNS answer that changes between check and connect cannot slip through.
 * Redirects are never followed: a 3xx is an error, and no second connection is made.
 */
export type SafeHttpErrorKind =
  'invalid_url' | 'refused' | 'redirect_refused' | 'timeout' | 'network';

export class SafeHttpError extends Error {
  readonly kind: SafeHttpErrorKind;
  constructor(kind: SafeHttpErrorKind, message: string) {
    super(message);
    this.name = 'SafeHttpError';
    this.kind = kind;
  }
  /** Network trouble and timeouts may pass; a refusal or a bad URL never will. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network';
  }
}

export interface SafeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

export interface SafeResponse {
  status: number;
  body: string;
  latencyMs: number;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeHttpOptions {
  /** Hosts (`name`, `10.0.0.5`, `[::1]`) or `host:port` pairs that may resolve to refused addresses. */
  allowlist: () => readonly string[];
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  now?: () => number;
  maxBodyBytes?: number;
}

export interface SafeHttpClient {
  /** Parses, resolves and checks a URL without connecting. */
  check(url: string): Promise<{ url: URL; pinned: ResolvedAddress }>;
  request(request: SafeRequest): Promise<SafeResponse>;
}

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeHttpError('invalid_url', 'The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeHttpError(
      'invalid_url',
      `Scheme ${url.protocol} is not allowed (http and https only)`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SafeHttpError('invalid_url', 'Credentials in the URL are not allowed; use a header');
  }
  return url;
}

const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const effectivePort = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

export function isAllowlisted(url: URL, allowlist: readonly string[]): boolean {
  const host = bareHost(url);
  const port = effectivePort(url);
  const wrapped = isIP(host) === 6 ? `[${host}]` : host;
  return allowlist.some((raw) => {
    const entry = raw.trim().toLowerCase();
    return entry === host || entry === wrapped || entry === `${wrapped}:${port}`;
  });
}

export function createSafeHttpClient(options: SafeHttpOptions): SafeHttpClient {
  const resolve = options.resolve ?? defaultResolve;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;

  const check = async (raw: string): Promise<{ url: URL; pinned: ResolvedAddress }> => {
    const url = parseOutboundUrl(raw);
    const host = bareHost(url);
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        throw new SafeHttpError('network', `Could not resolve host ${host}`);
      }
    }
    const pinned = addresses[0];
    if (!pinned) throw new SafeHttpError('network', `Host ${host} has no address`);
    if (!isAllowlisted(url, options.allowlist())) {
      for (const { address } of addresses) {
        const reason = refusedAddressReason(address);
        if (reason) {
          throw new SafeHttpError(
            'refused',
            `Refused: ${host} resolves to a ${reason} address (${address}); add it to the executor allowlist to permit it`,
          );
        }
      }
    }
    return { url, pinned };
  };

  return {
    check,
    async request(request) {
      const { url, pinned } = await check(request.url);
      const started = now();
      const { status, body } = await send(url, pinned, request, maxBodyBytes);
      if (status >= 300 && status < 400) {
        throw new SafeHttpError(
          'redirect_refused',
          `Redirect answered with HTTP ${status} was refused: redirects are not followed`,
        );
      }
      return { status, body, latencyMs: Math.max(0, now() - started) };
    },
  };
}

function send(
  url: URL,
  pinned: ResolvedAddress,
  request: SafeRequest,
  maxBodyBytes: number,
): Promise<{ status: number; body: string }> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    let settled = false;
    const fail = (error: SafeHttpError): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const req = transport.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: effectivePort(url),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        lookup,
        agent: false,
        ...(url.protocol === 'https:' && isIP(bareHost(url)) === 0
          ? { servername: bareHost(url) }
          : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBodyBytes) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const body = Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8');
          resolvePromise({ status: res.statusCode ?? 0, body });
        });
        res.on('error', () => fail(new SafeHttpError('network', 'The response was cut off')));
      },
    );
    const timer = setTimeout(() => {
      fail(
        new SafeHttpError('timeout', `No answer within ${Math.round(request.timeoutMs / 1000)} s`),
      );
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(new SafeHttpError('network', `Connection failed (${error.code ?? 'error'})`));
    });
    if (request.body !== null) req.write(request.body);
    req.end();
  });
}
