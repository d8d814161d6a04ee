import { NetworkError, apiErrorFrom, type ApiError } from './api-error';
import { createSessionAuth, type AskForToken } from './session-auth';
import type { SessionStore } from './session-store';

/** `fetch` as the client uses it; the browser's (bound) or a fake in tests. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

type QueryScalar = string | number | boolean;
/** Arrays repeat the parameter (`tags=a&tags=b`); null and undefined leave it out. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  signal?: AbortSignal;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The console's one way to call the server. It only fetches: no toasts, no redirects; every
 * screen decides how to show a failure. Types come from `@vigil/contract` at the call site
 * (the server checks its answers against the same schemas in its tests).
 */
export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

export interface ApiClientDeps {
  fetch: FetchLike;
  /** Empty by default: the console and the API share an origin. */
  baseUrl?: string;
  /** Without a store and a way to ask, a 401 is just an error: no prompt ever. */
  session?: SessionStore;
  askForToken?: AskForToken;
  /** The spec logs every failed call; tests pass a spy. */
  logFailure?: (error: ApiError, method: HttpMethod, path: string) => void;
}

export const SESSION_PATH = '/api/session';

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(name, String(item));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search === '' ? '' : `${path.includes('?') ? '&' : '?'}${search}`}`;
}

async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

const defaultLog = (error: ApiError, method: HttpMethod, path: string): void =>
  console.error(`${method} ${path} failed: ${error.message}`, error.detail ?? '');

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const { fetch: doFetch, baseUrl = '', session, askForToken, logFailure = defaultLog } = deps;

  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
  ): Promise<{ response: Response; sentToken: string | null }> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const sentToken = path === SESSION_PATH ? null : (session?.read() ?? null);
    if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
    const init: RequestInit = { method, headers, signal: options.signal };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    try {
      return { response: await doFetch(buildUrl(baseUrl, path, options.query), init), sentToken };
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(error);
    }
  }

  const auth =
    session && askForToken
      ? createSessionAuth({
          store: session,
          ask: askForToken,
          exchange: async (token) =>
            (await send('POST', SESSION_PATH, { body: { token } })).response,
        })
      : null;

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    let { response, sentToken } = await send(method, path, options);
    if (response.status === 401 && auth && path !== SESSION_PATH) {
      const failure = await apiErrorFrom(response);
      if (!(await auth.recover(failure, sentToken))) {
        logFailure(failure, method, path);
        throw failure;
      }
      ({ response, sentToken } = await send(method, path, options));
    }
    if (!response.ok) {
      const failure = await apiErrorFrom(response);
      logFailure(failure, method, path);
      throw failure;
    }
    return readBody<T>(response);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
