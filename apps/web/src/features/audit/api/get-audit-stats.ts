import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditStats } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

export type AuditStatsQuery = {
  start_date: string;
};

/** GET /api/audit/stats: `data.stats`. */
export async function getAuditStats(
  client: ApiClient,
  query: AuditStatsQuery,
  signal?: AbortSignal,
): Promise<AuditStats> {
  return (await client.get<{ data: { stats: AuditStats } }>('/api/audit/stats', { query, signal }))
    .data.stats;
}

export const auditStatsQueryOptions = (client: ApiClient, query: AuditStatsQuery) =>
  queryOptions({
    queryKey: ['audit', 'stats', query],
    queryFn: ({ signal }) => getAuditStats(client, query, signal),
  });

export function useAuditStats(query: AuditStatsQuery) {
  return useQuery(auditStatsQueryOptions(useApiClient(), query));
}
