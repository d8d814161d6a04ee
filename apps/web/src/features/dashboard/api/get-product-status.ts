import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductStatus } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { DASHBOARD_REFRESH_MS } from './refresh';

/** `GET /api/vigil/status`: the flags sit at the top level of the body, not under `data`. */
export async function getProductStatus(client: ApiClient): Promise<ProductStatus> {
  return client.get<ProductStatus>('/api/vigil/status');
}

export const productStatusQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: ['vigil', 'status'],
    queryFn: () => getProductStatus(client),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useProductStatus() {
  return useQuery(productStatusQueryOptions(useApiClient()));
}
