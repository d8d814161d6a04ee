import type { AgentId } from '@vigil/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context';
import { bigQueryPrefix, bigQuerySettingsQueryOptions } from '../api/bigquery-settings';
import type { FieldMeta, FlatConfig } from '../lib/config-types';
import { flattenTree } from '../lib/dotted-paths';
import { toFieldMeta } from '../lib/field-meta';

/** A BigQuery answer (a nested block below its prefix) as form fields and flat saved values. */
export function useBigQueryForm(agentId: AgentId | null) {
  return useQuery({
    ...bigQuerySettingsQueryOptions(useApiClient(), agentId),
    select: (data): { fields: FieldMeta[]; saved: FlatConfig } => ({
      fields: data.fields.map(toFieldMeta),
      saved: flattenTree(data.bigquery, bigQueryPrefix(agentId)),
    }),
  });
}
