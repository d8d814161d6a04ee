import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Anomaly } from '@vigil/contract';
import { ApiError } from '../../../lib/api-error';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** One anomaly with its analysis; null when the server does not know the id ('Anomaly not found'). */
export async function getAnomaly(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Anomaly | null> {
  try {
    const body = await client.get<{ data: Anomaly | null }>(
      `/api/anomalies/${encodeURIComponent(id)}`,
      { signal },
    );
    return body.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const anomalyQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: ['anomalies', 'detail', id],
    queryFn: ({ signal }) => getAnomaly(client, id, signal),
  });

export function useAnomaly(id: string) {
  return useQuery(anomalyQueryOptions(useApiClient(), id));
}
