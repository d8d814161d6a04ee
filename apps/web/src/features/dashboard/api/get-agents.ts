import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentsMap } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { DASHBOARD_REFRESH_MS } from './refresh';

export async function getAgents(client: ApiClient): Promise<AgentsMap> {
  return (await client.get<{ data: AgentsMap }>('/api/agents')).data;
}

export const agentsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: ['agents'],
    queryFn: () => getAgents(client),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useAgents() {
  return useQuery(agentsQueryOptions(useApiClient()));
}
