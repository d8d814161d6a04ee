import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { trailQuery } from '../lib/audit-filters';

export type TrailQuery = ReturnType<typeof trailQuery>;

/** GET /api/audit/trail as spec part 2 section 7.2 reads it: `data.audit_entries` plus paging. */
export interface AuditTrailPage {
  audit_entries: AuditEntry[];
  page: number;
  page_size: number;
  total_items: number;
  total_pages: number;
}

export async function getAuditTrail(
  client: ApiClient,
  query: TrailQuery,
  signal?: AbortSignal,
): Promise<AuditTrailPage> {
  return (await client.get<{ data: AuditTrailPage }>('/api/audit/trail', { query, signal })).data;
}

export const auditTrailQueryOptions = (client: ApiClient, query: TrailQuery) =>
  queryOptions({
    queryKey: ['audit', 'trail', query],
    queryFn: ({ signal }) => getAuditTrail(client, query, signal),
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAuditTrail(query: TrailQuery) {
  return useQuery(auditTrailQueryOptions(useApiClient(), query));
}
