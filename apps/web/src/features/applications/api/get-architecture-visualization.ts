import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitectureGraph, GroupingStrategy } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** `auto` is the server's default, so it is not sent (spec part 1 section 7). */
export async function getArchitectureVisualization(
  client: ApiClient,
  strategy: GroupingStrategy,
): Promise<ArchitectureGraph> {
  try {
    const body = await client.get<{ data: ArchitectureGraph }>('/api/architecture/visualization', {
      query: { grouping_strategy: strategy === 'auto' ? undefined : strategy },
    });
    return body.data;
  } catch (error) {
    console.error('Failed to fetch graph data', error);
    throw error;
  }
}

export const architectureVisualizationQueryOptions = (
  client: ApiClient,
  strategy: GroupingStrategy,
) =>
  queryOptions({
    queryKey: ['architecture', 'visualization', strategy],
    queryFn: () => getArchitectureVisualization(client, strategy),
    placeholderData: keepPreviousData,
  });

export function useArchitectureVisualization(strategy: GroupingStrategy) {
  return useQuery(architectureVisualizationQueryOptions(useApiClient(), strategy));
}
