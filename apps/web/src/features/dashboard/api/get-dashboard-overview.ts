import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardOverview } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { DASHBOARD_REFRESH_MS } from './refresh';

export async function getDashboardOverview(client: ApiClient): Promise<DashboardOverview> {
  return (await client.get<{ data: DashboardOverview }>('/api/dashboard/overview')).data;
}

export const dashboardOverviewQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: ['dashboard', 'overview'],
    queryFn: () => getDashboardOverview(client),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useDashboardOverview() {
  return useQuery(dashboardOverviewQueryOptions(useApiClient()));
}
