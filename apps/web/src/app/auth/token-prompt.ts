import type { AskForToken } from '../../lib/session-auth';

export interface TokenRequest {
  /** Why the last token was refused; null on the first ask. */
  problem: string | null;
}

/**
 * The bridge between the API client, which needs a token and waits for it, and the dialog that
 * asks the operator. A tiny external store so React reads it with useSyncExternalStore.
 */
export interface TokenPrompt {
  ask: AskForToken;
  /** The open request, or null when nothing is being asked. */
  current(): TokenRequest | null;
  subscribe(listener: () => void): () => void;
  /** The operator's answer; null cancels. */
  answer(token: string | null): void;
}

export function createTokenPrompt(): TokenPrompt {
  let request: TokenRequest | null = null;
  let resolve: ((token: string | null) => void) | null = null;
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((listener) => listener());

  const answer = (token: string | null): void => {
    const settle = resolve;
    request = null;
    resolve = null;
    notify();
    settle?.(token === null || token.trim() === '' ? null : token.trim());
  };

  return {
    ask(problem) {
      // The client asks one at a time; a stray second ask replaces the first, which cancels.
      if (resolve) answer(null);
      return new Promise((settle) => {
        request = { problem };
        resolve = settle;
        notify();
      });
    },
    current: () => request,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer,
  };
}
