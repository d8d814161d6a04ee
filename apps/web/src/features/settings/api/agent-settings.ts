import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentId, AgentSettings, AgentSettingsList, SaveResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { FlatConfig } from '../lib/config-types';
import { settingsKeys, settingsRequest } from './settings-request';

export const getAgentSettingsList = (client: ApiClient) =>
  settingsRequest<AgentSettingsList>(client, 'GET', '/api/settings/agents');

export const getAgentSettings = (client: ApiClient, agentId: AgentId) =>
  settingsRequest<AgentSettings>(client, 'GET', `/api/settings/agents/${agentId}`);

/** The body holds the changed dotted keys only. */
export const putAgentSettings = (client: ApiClient, agentId: AgentId, changes: FlatConfig) =>
  settingsRequest<SaveResult>(client, 'PUT', `/api/settings/agents/${agentId}`, changes);

export const agentSettingsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.agents, queryFn: () => getAgentSettingsList(client) });

export function useAgentSettingsList() {
  return useQuery(agentSettingsQueryOptions(useApiClient()));
}

/** Reload: one agent's block fetched again and put into the list. */
export function useReloadAgentSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: AgentId) => getAgentSettings(client, agentId),
    onSuccess: (fresh) =>
      queryClient.setQueryData<AgentSettingsList>(settingsKeys.agents, (list) =>
        list
          ? {
              agents: list.agents.map((agent) =>
                agent.agent_id === fresh.agent_id ? fresh : agent,
              ),
            }
          : list,
      ),
  });
}

export function useSaveAgentSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, changes }: { agentId: AgentId; changes: FlatConfig }) =>
      putAgentSettings(client, agentId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
