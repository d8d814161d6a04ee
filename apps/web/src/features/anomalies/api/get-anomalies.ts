import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Anomaly, IncidentStack, TimeFilter } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

export interface AnomalyListParams {
  timeFilter: TimeFilter;
  page: number;
  pageSize: number;
  /** Narrows the list to one incident's events (the server then answers plain anomalies). */
  incidentId: number | null;
}

/** The list envelope's fields this screen reads. */
export interface AnomalyListPage {
  items: Array<Anomaly | IncidentStack>;
  totalItems: number;
  totalPages: number;
  page: number;
}

interface AnomalyListBody {
  data: { anomalies: Anomaly[] | IncidentStack[] };
  total_items: number;
  total_pages: number;
  page: number;
}

/** Spec part 1 section 7: the page list always asks for incident stacks. */
export async function getAnomalies(
  client: ApiClient,
  { timeFilter, page, pageSize, incidentId }: AnomalyListParams,
  signal?: AbortSignal,
): Promise<AnomalyListPage> {
  const body = await client.get<AnomalyListBody>('/api/anomalies', {
    query: {
      time_filter: timeFilter,
      page,
      page_size: pageSize,
      group_by_incident: true,
      incident_id: incidentId,
    },
    signal,
  });
  return {
    items: body.data.anomalies,
    totalItems: body.total_items,
    totalPages: body.total_pages,
    page: body.page,
  };
}

export const anomaliesQueryOptions = (client: ApiClient, params: AnomalyListParams) =>
  queryOptions({
    queryKey: ['anomalies', 'list', params],
    queryFn: ({ signal }) => getAnomalies(client, params, signal),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useAnomalies(params: AnomalyListParams) {
  return useQuery(anomaliesQueryOptions(useApiClient(), params));
}
