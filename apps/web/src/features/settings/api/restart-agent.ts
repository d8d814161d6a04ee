import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentId, RestartAgentResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsKeys, settingsRequest } from './settings-request';

export const restartAgent = (client: ApiClient, agentId: AgentId, force = false) =>
  settingsRequest<RestartAgentResult>(client, 'POST', `/api/settings/agents/${agentId}/restart`, {
    agent_id: agentId,
    force,
  });

export function useRestartAgent() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: AgentId) => restartAgent(client, agentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.agentStatus }),
  });
}
