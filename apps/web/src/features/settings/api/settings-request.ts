import type { ApiClient, HttpMethod } from '../../../lib/api-client';

/**
 * A failed settings call, worded as spec part 2 section 8 says: 'Failed to {METHOD} {path}:
 * {message}', where the message is the client's 'HTTP {code}: {status text}'. The original error
 * stays as `cause` (a 400's per-field errors live on its body).
 */
export class SettingsCallError extends Error {
  override readonly name = 'SettingsCallError';

  constructor(method: HttpMethod, path: string, cause: unknown) {
    super(
      `Failed to ${method} ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}

/** Calls a settings endpoint and unwraps the envelope's `data`. */
export async function settingsRequest<T>(
  client: ApiClient,
  method: HttpMethod,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return (await client.request<{ data: T }>(method, path, { body, signal })).data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new SettingsCallError(method, path, error);
  }
}

export const settingsKeys = {
  all: ['settings'] as const,
  global: ['settings', 'global'] as const,
  systemConfig: ['settings', 'config'] as const,
  agents: ['settings', 'agents'] as const,
  agentStatus: ['settings', 'agents', 'status'] as const,
  integrations: ['settings', 'integrations'] as const,
  bigQueryGlobal: ['settings', 'bigquery', 'global'] as const,
  bigQueryAgent: (agentId: string) => ['settings', 'bigquery', 'agents', agentId] as const,
};
