import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationList } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsKeys, settingsRequest } from './settings-request';

export const getIntegrations = (client: ApiClient) =>
  settingsRequest<IntegrationList>(client, 'GET', '/api/settings/integrations');

export const integrationsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.integrations, queryFn: () => getIntegrations(client) });

export function useIntegrations() {
  return useQuery(integrationsQueryOptions(useApiClient()));
}
