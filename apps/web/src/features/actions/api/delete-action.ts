import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

/** DELETE /api/executor/actions/{id}. */
export async function deleteAction(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/api/executor/actions/${encodeURIComponent(id)}`);
}

export function useDeleteAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAction(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionQueryKeys.actions() }),
  });
}
