import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../lib/api-client';
import {
  createMemorySessionStore,
  createSessionStore,
  type SessionStore,
} from '../lib/session-store';
import { createTokenPrompt, type TokenPrompt } from './auth/token-prompt';

/** The long-lived objects the app runs on, built once at boot and handed to the providers. */
export interface AppServices {
  apiClient: ApiClient;
  queryClient: QueryClient;
  tokenPrompt: TokenPrompt;
}

function browserSessionStore(): SessionStore {
  try {
    return createSessionStore(window.sessionStorage, Date.now);
  } catch {
    // Storage blocked (some privacy modes): the session then lasts until the page reloads.
    return createMemorySessionStore(Date.now);
  }
}

export function createAppServices(): AppServices {
  const tokenPrompt = createTokenPrompt();
  const apiClient = createApiClient({
    // Bound: the browser's fetch refuses to run with another `this`.
    fetch: globalThis.fetch.bind(globalThis),
    session: browserSessionStore(),
    askForToken: tokenPrompt.ask,
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
  return { apiClient, queryClient, tokenPrompt };
}
