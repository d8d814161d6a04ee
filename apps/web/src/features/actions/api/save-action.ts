import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovedAction, ApprovedActionInput } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

interface Saved {
  data: ApprovedAction;
}

/** POST /api/executor/actions. */
export async function createAction(
  client: ApiClient,
  input: ApprovedActionInput,
): Promise<ApprovedAction> {
  return (await client.post<Saved>('/api/executor/actions', input)).data;
}

/** PUT /api/executor/actions/{id}. */
export async function updateAction(
  client: ApiClient,
  id: string,
  input: ApprovedActionInput,
): Promise<ApprovedAction> {
  return (await client.put<Saved>(`/api/executor/actions/${encodeURIComponent(id)}`, input)).data;
}

export interface SaveActionVariables {
  /** Absent for a new action. */
  id?: string;
  input: ApprovedActionInput;
}

/** Create or update, then refresh the catalogue. */
export function useSaveAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveActionVariables) =>
      id === undefined ? createAction(client, input) : updateAction(client, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionQueryKeys.actions() }),
  });
}
