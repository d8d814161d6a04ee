import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Anomaly } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** Spec part 1 section 7: page 1, 100 events, no grouping, suppressed included. */
export const INCIDENT_EVENTS_PAGE_SIZE = 100;

/**
 * The events of one incident. The server filters on `incident_id`; the client filter the spec
 * asks for stays as a guard against a server that ignores the parameter.
 */
export async function getIncidentEvents(
  client: ApiClient,
  incidentId: number,
  signal?: AbortSignal,
): Promise<Anomaly[]> {
  const body = await client.get<{ data: { anomalies: Anomaly[] } }>('/api/anomalies', {
    query: {
      time_filter: 'all',
      page: 1,
      page_size: INCIDENT_EVENTS_PAGE_SIZE,
      group_by_incident: false,
      include_suppressed: true,
      incident_id: incidentId,
    },
    signal,
  });
  return body.data.anomalies.filter(
    (anomaly) => anomaly.orchestrator_data?.incident_id === incidentId,
  );
}

export const incidentEventsQueryOptions = (client: ApiClient, incidentId: number) =>
  queryOptions({
    queryKey: ['anomalies', 'incident-events', incidentId],
    queryFn: ({ signal }) => getIncidentEvents(client, incidentId, signal),
  });

export function useIncidentEvents(incidentId: number) {
  return useQuery(incidentEventsQueryOptions(useApiClient(), incidentId));
}
