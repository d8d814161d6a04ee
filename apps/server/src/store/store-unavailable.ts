import { AppError } from '../shared/errors';

/** Seconds a client should wait before retrying while the store is full or unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

const SQLITE_UNAVAILABLE = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|CANTOPEN|READONLY|NOMEM)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
// 08: connection exception; 53: insufficient resources (53100 disk full); 57P0x: server shutting down.
const POSTGRES_STATE = /^(08|53|57P0[123])/;
const POOL_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error/i;

/** A failure of the store's disk or server rather than of the request: worth retrying later. */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_STATE.test(code)) return true;
  }
  return POOL_MESSAGES.test(error.message);
}

export const storeUnavailable = (error: unknown): AppError =>
  new AppError(
    503,
    'STORE_UNAVAILABLE',
    'The store is unavailable (disk full or server down); retry later',
    {
      retryable: true,
      headers: { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
      cause: error,
    },
  );

/** Rethrows store outages as a retryable 503 AppError; other errors pass unchanged. */
export function translateStoreError(error: unknown): never {
  throw isStoreUnavailable(error) ? storeUnavailable(error) : error;
}

type AnyAsync = (...args: never[]) => unknown;

/** Wraps every method of every repository so an outage surfaces as a 503, never as a 500 or a crash. */
export function guardRepositories<R extends object>(repositories: R): R {
  const guarded: Record<string, unknown> = {};
  for (const [name, repository] of Object.entries(repositories)) {
    const methods: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(repository as Record<string, unknown>)) {
      methods[key] =
        typeof value === 'function'
          ? (...args: unknown[]) => {
              try {
                const result = (value as AnyAsync)(...(args as never[]));
                return result instanceof Promise ? result.catch(translateStoreError) : result;
              } catch (error) {
                return translateStoreError(error);
              }
            }
          : value;
    }
    guarded[name] = methods;
  }
  return guarded as R;
}
