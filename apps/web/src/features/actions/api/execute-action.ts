import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExecuteRequest, Execution } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

/** POST /api/executor/execute: the execution record as it is now (for a dry run, final). */
export async function executeAction(
  client: ApiClient,
  request: ExecuteRequest,
): Promise<Execution> {
  return (await client.post<{ data: Execution }>('/api/executor/execute', request)).data;
}

/** A dry run: the server renders the exact request (secrets masked) and sends nothing. */
export function useDryRun() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<ExecuteRequest, 'dry_run'>) =>
      executeAction(client, { ...request, dry_run: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionQueryKeys.executions() }),
  });
}
