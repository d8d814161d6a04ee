import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Execution } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

export type Decision = 'approve' | 'reject';

/** POST /api/executor/executions/{id}/approve or /reject. */
export async function decideExecution(
  client: ApiClient,
  id: string,
  decision: Decision,
): Promise<Execution> {
  const path = `/api/executor/executions/${encodeURIComponent(id)}/${decision}`;
  return (await client.post<{ data: Execution }>(path, {})).data;
}

export function useDecideExecution() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      decideExecution(client, id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actionQueryKeys.all }),
  });
}
