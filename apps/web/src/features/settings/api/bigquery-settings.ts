import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentId, BigQuerySettings, SaveResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { FlatConfig } from '../lib/config-types';
import { nestUnder } from '../lib/dotted-paths';
import { settingsKeys, settingsRequest } from './settings-request';

/** Global BigQuery keys live under `bigquery.`, an agent's overrides under `agents.{id}.bigquery.`. */
export const bigQueryPrefix = (agentId: AgentId | null): string =>
  agentId === null ? 'bigquery' : `agents.${agentId}.bigquery`;

const pathOf = (agentId: AgentId | null): string =>
  agentId === null
    ? '/api/settings/database/bigquery/global'
    : `/api/settings/database/bigquery/agents/${agentId}`;

export const getBigQuerySettings = (client: ApiClient, agentId: AgentId | null) =>
  settingsRequest<BigQuerySettings>(client, 'GET', pathOf(agentId));

/** The PUT body is `{ bigquery: <the changed keys, nested below the prefix> }`. */
export const putBigQuerySettings = (
  client: ApiClient,
  agentId: AgentId | null,
  changes: FlatConfig,
) =>
  settingsRequest<SaveResult>(client, 'PUT', pathOf(agentId), {
    bigquery: nestUnder(bigQueryPrefix(agentId), changes),
  });

export const bigQuerySettingsQueryOptions = (client: ApiClient, agentId: AgentId | null) =>
  queryOptions({
    queryKey: agentId === null ? settingsKeys.bigQueryGlobal : settingsKeys.bigQueryAgent(agentId),
    queryFn: () => getBigQuerySettings(client, agentId),
  });

export function useBigQuerySettings(agentId: AgentId | null) {
  return useQuery(bigQuerySettingsQueryOptions(useApiClient(), agentId));
}

export function useSaveBigQuerySettings(agentId: AgentId | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FlatConfig) => putBigQuerySettings(client, agentId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
