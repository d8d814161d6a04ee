import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Anomaly, AnomalyFeedback } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

export type FeedbackVerdict = AnomalyFeedback['verdict'];

export interface FeedbackResult {
  anomaly: Anomaly;
  /** The server's words, e.g. 'Anomaly marked false positive'. */
  message: string;
}

/** An operator's verdict on one anomaly; the detector learns from a false positive. */
export async function postAnomalyFeedback(
  client: ApiClient,
  id: string,
  verdict: FeedbackVerdict,
): Promise<FeedbackResult> {
  const body = await client.post<{ data: Anomaly; message: string }>(
    `/api/anomalies/${encodeURIComponent(id)}/feedback`,
    { verdict } satisfies Partial<AnomalyFeedback>,
  );
  return { anomaly: body.data, message: body.message };
}

export function useAnomalyFeedback(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verdict: FeedbackVerdict) => postAnomalyFeedback(client, id, verdict),
    onSuccess: ({ anomaly }) => {
      queryClient.setQueryData(['anomalies', 'detail', id], anomaly);
      // Lists show the status too.
      return queryClient.invalidateQueries({ queryKey: ['anomalies'], refetchType: 'active' });
    },
  });
}
