import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExecutionListBody, ExecutionStatus } from '@vigil/contract';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

export type ExecutionList = z.output<typeof ExecutionListBody>;

export interface ExecutionFilter {
  action_id?: string;
  status?: ExecutionStatus;
  limit?: number;
}

/** GET /api/executor/executions, newest first. */
export function getExecutions(
  client: ApiClient,
  filter: ExecutionFilter,
  signal?: AbortSignal,
): Promise<ExecutionList> {
  return client.get<ExecutionList>('/api/executor/executions', { query: { ...filter }, signal });
}

/** The last runs of one action (its history in the View dialog). */
export const HISTORY_LIMIT = 20;

export function useActionExecutions(actionId: string) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: actionQueryKeys.executionsOf(actionId),
      queryFn: ({ signal }) =>
        getExecutions(client, { action_id: actionId, limit: HISTORY_LIMIT }, signal),
    }),
  );
}

/** How often the approval queue looks for new executions waiting on an operator. */
export const APPROVAL_POLL_MS = 10_000;

export function usePendingApprovals() {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: actionQueryKeys.pendingApprovals(),
      queryFn: ({ signal }) =>
        getExecutions(client, { status: 'pending_approval', limit: 100 }, signal),
      refetchInterval: APPROVAL_POLL_MS,
    }),
  );
}
