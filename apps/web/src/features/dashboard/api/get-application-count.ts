import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitectureGraph } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { DASHBOARD_REFRESH_MS } from './refresh';

/** The Applications tile: the node count of the architecture graph (spec part 1 section 7). */
export async function getApplicationCount(client: ApiClient): Promise<number> {
  const body = await client.get<{ data: Pick<ArchitectureGraph, 'nodes'> }>(
    '/api/architecture/visualization',
  );
  return body.data.nodes.length;
}

export const applicationCountQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: ['dashboard', 'application-count'],
    queryFn: () => getApplicationCount(client),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useApplicationCount() {
  return useQuery(applicationCountQueryOptions(useApiClient()));
}
