import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitectureMetrics } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

export async function getArchitectureMetrics(client: ApiClient): Promise<ArchitectureMetrics> {
  return (await client.get<{ data: ArchitectureMetrics }>('/api/architecture/metrics')).data;
}

export const architectureMetricsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: ['architecture', 'metrics'],
    queryFn: () => getArchitectureMetrics(client),
  });

export function useArchitectureMetrics() {
  return useQuery(architectureMetricsQueryOptions(useApiClient()));
}
