import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActionListBody } from '@vigil/contract';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

export type ActionList = z.output<typeof ActionListBody>;

/** The whole catalogue in one page (the server's maximum, as the global search reads it). */
export const ACTION_LIST_LIMIT = 1_000;

export function getActions(client: ApiClient, signal?: AbortSignal): Promise<ActionList> {
  return client.get<ActionList>('/api/executor/actions', {
    query: { limit: ACTION_LIST_LIMIT },
    signal,
  });
}

export const actionsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: actionQueryKeys.actions(),
    queryFn: ({ signal }) => getActions(client, signal),
  });

export function useActions() {
  return useQuery(actionsQueryOptions(useApiClient()));
}
