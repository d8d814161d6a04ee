import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsApiStatus } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsKeys, settingsRequest } from './settings-request';

/** `GET /api/settings/`: the connection test Refresh and Retry make before reloading. */
export const testSettingsConnection = (client: ApiClient) =>
  settingsRequest<SettingsApiStatus>(client, 'GET', '/api/settings/');

/**
 * Refresh and Retry: the connection test first, then every settings answer reloaded. A failed
 * test reloads nothing; its error says which call failed.
 */
export function useRefreshSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await testSettingsConnection(client);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
