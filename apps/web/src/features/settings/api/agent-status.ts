import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentStatus } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsKeys, settingsRequest } from './settings-request';

/** Live status for the sub-tab badges; polled so "last seen" stays current. */
export const AGENT_STATUS_REFRESH_MS = 10_000;

export const getAgentStatuses = async (client: ApiClient): Promise<AgentStatus[]> =>
  (await settingsRequest<{ agents: AgentStatus[] }>(client, 'GET', '/api/settings/agents/status'))
    .agents;

export const agentStatusQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: settingsKeys.agentStatus,
    queryFn: () => getAgentStatuses(client),
    refetchInterval: AGENT_STATUS_REFRESH_MS,
  });

export function useAgentStatuses() {
  return useQuery(agentStatusQueryOptions(useApiClient()));
}
