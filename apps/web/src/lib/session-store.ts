import type { SessionResponse } from '@vigil/contract';

/** Where the console keeps its session token (exchanged for the API token at `POST /api/session`). */
export interface SessionStore {
  /** The token, or null when there is none or it has expired. */
  read(): string | null;
  write(session: SessionResponse): void;
  clear(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_STORAGE_KEY = 'vigil.session';

const isSession = (value: unknown): value is SessionResponse =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).token === 'string' &&
  typeof (value as Record<string, unknown>).expires_at === 'string';

/**
 * Backed by sessionStorage in the browser: the token lives for the tab and never in a cookie, so
 * it cannot be sent by another site. An expired token is dropped on read, which saves a round
 * trip that would answer 401 anyway.
 */
export function createSessionStore(
  storage: KeyValueStorage,
  now: () => number,
  key = SESSION_STORAGE_KEY,
): SessionStore {
  const clear = (): void => storage.removeItem(key);
  return {
    read() {
      const raw = storage.getItem(key);
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        clear();
        return null;
      }
      if (!isSession(parsed) || !(Date.parse(parsed.expires_at) > now())) {
        clear();
        return null;
      }
      return parsed.token;
    },
    write(session) {
      storage.setItem(
        key,
        JSON.stringify({ token: session.token, expires_at: session.expires_at }),
      );
    },
    clear,
  };
}

/** A store that forgets everything: for tests and for storage-less environments. */
export function createMemorySessionStore(now: () => number): SessionStore {
  const values = new Map<string, string>();
  return createSessionStore(
    {
      getItem: (name) => values.get(name) ?? null,
      setItem: (name, value) => void values.set(name, value),
      removeItem: (name) => void values.delete(name),
    },
    now,
  );
}
