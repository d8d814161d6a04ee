import type { SessionResponse } from '@vigil/contract';
import { apiErrorFrom, type ApiError } from './api-error';
import type { SessionStore } from './session-store';

/**
 * Asks the operator for the API token. Resolves null when they cancel. `problem` says why the
 * previous token was refused (null on the first ask).
 */
export type AskForToken = (problem: string | null) => Promise<string | null>;

export interface SessionAuth {
  /** After a 401: true when the caller should retry (a session now exists), false to give up. */
  recover(failure: ApiError, sentToken: string | null): Promise<boolean>;
}

export interface SessionAuthDeps {
  store: SessionStore;
  ask: AskForToken;
  /** POSTs `{token}` to /api/session, without any Authorization header. */
  exchange(apiToken: string): Promise<Response>;
}

const isSessionAnswer = (body: unknown): body is { data: SessionResponse } => {
  if (typeof body !== 'object' || body === null) return false;
  const data: unknown = (body as Record<string, unknown>).data;
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Record<string, unknown>).token === 'string' &&
    typeof (data as Record<string, unknown>).expires_at === 'string'
  );
};

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/**
 * The console side of `VIGIL_API_TOKEN`: on 401 AUTH_REQUIRED ask the operator (once, however
 * many calls failed together), exchange the token for a session token and keep that.
 */
export function createSessionAuth({ store, ask, exchange }: SessionAuthDeps): SessionAuth {
  let pending: Promise<boolean> | null = null;

  /** Asks until the server accepts a token or the operator cancels. */
  async function negotiate(): Promise<boolean> {
    let problem: string | null = null;
    for (;;) {
      const apiToken = await ask(problem);
      if (apiToken === null) return false;
      const response = await exchange(apiToken);
      const body = response.ok ? await readJson(response) : null;
      if (response.ok && isSessionAnswer(body)) {
        store.write(body.data);
        return true;
      }
      const error = response.ok ? null : await apiErrorFrom(response);
      problem = error?.detail ?? error?.message ?? 'The server answered without a session token';
    }
  }

  return {
    async recover(failure, sentToken) {
      if (failure.code !== 'AUTH_REQUIRED') return false;
      const current = store.read();
      // Another call renewed the session while this one was in flight: just retry.
      if (current !== null && current !== sentToken) return true;
      store.clear();
      pending ??= negotiate().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
