import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemConfig } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsKeys, settingsRequest } from './settings-request';

/** `GET /api/settings/config`: global_config and one nested block per agent, secrets masked. */
export const getSystemConfig = (client: ApiClient) =>
  settingsRequest<SystemConfig>(client, 'GET', '/api/settings/config');

export const systemConfigQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.systemConfig, queryFn: () => getSystemConfig(client) });

/** Loaded only while the full-configuration view is open. */
export function useSystemConfig(enabled: boolean) {
  return useQuery({ ...systemConfigQueryOptions(useApiClient()), enabled });
}
