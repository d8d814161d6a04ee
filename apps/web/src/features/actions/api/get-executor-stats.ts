import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActionStats } from '@vigil/contract';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { actionQueryKeys } from './action-query-keys';

export type ActionStatsRow = z.output<typeof ActionStats>;

/** GET /api/executor/stats: finished real runs per action (dry runs are not counted). */
export async function getExecutorStats(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ActionStatsRow[]> {
  return (
    await client.get<{ data: { actions: ActionStatsRow[] } }>('/api/executor/stats', { signal })
  ).data.actions;
}

export function useExecutorStats() {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: actionQueryKeys.stats(),
      queryFn: ({ signal }) => getExecutorStats(client, signal),
    }),
  );
}
