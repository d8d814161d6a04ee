import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigUpdateRequest, SaveResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { ConfigValue } from '../lib/config-types';
import { settingsKeys, settingsRequest } from './settings-request';

/** Saves a single key at once (any block); the per-field "Restore default" uses it. */
export const updateConfigValue = (client: ApiClient, configPath: string, value: ConfigValue) =>
  settingsRequest<SaveResult>(client, 'POST', '/api/settings/config/update', {
    config_path: configPath,
    value,
  } satisfies ConfigUpdateRequest);

/** The single-key update, then every settings answer reloaded (spec part 2 section 4). */
export function useUpdateConfigValue() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, value }: { path: string; value: ConfigValue }) =>
      updateConfigValue(client, path, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
