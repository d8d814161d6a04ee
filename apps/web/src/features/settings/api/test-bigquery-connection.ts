import { useMutation } from '@tanstack/react-query';
import type { BigQueryTestResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { settingsRequest } from './settings-request';

/** Tests the saved BigQuery settings; a failed connection is still a 200 with status Failed. */
export const testBigQueryConnection = (client: ApiClient) =>
  settingsRequest<BigQueryTestResult>(
    client,
    'POST',
    '/api/settings/integrations/bigquery/test-connection',
    {},
  );

export function useTestBigQueryConnection() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => testBigQueryConnection(client) });
}
