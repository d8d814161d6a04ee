import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GlobalSettings, SaveResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { FlatConfig } from '../lib/config-types';
import { settingsKeys, settingsRequest } from './settings-request';

const PATH = '/api/settings/global';

export const getGlobalSettings = (client: ApiClient) =>
  settingsRequest<GlobalSettings>(client, 'GET', PATH);

/** The body is flat dotted paths mapped to values; any key of the tree is accepted here. */
export const putGlobalSettings = (client: ApiClient, changes: FlatConfig) =>
  settingsRequest<SaveResult>(client, 'PUT', PATH, changes);

export const globalSettingsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.global, queryFn: () => getGlobalSettings(client) });

export function useGlobalSettings() {
  return useQuery(globalSettingsQueryOptions(useApiClient()));
}

/** Saves through the global update, then reloads every settings answer (spec part 2 section 4). */
export function useSaveGlobalSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FlatConfig) => putGlobalSettings(client, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
