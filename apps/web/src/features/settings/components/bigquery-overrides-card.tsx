import type { AgentId } from '@vigil/contract';
import { bigQueryPrefix, useSaveBigQuerySettings } from '../api/bigquery-settings';
import { ConfigFormCard } from './config-form-card';
import { QueryFailure, QueryLoading } from './query-states';
import { useBigQueryForm } from './use-bigquery-form';

/** The per-agent Database/BigQuery overrides, saved with the agent's BigQuery PUT. */
export function BigQueryOverridesCard({ agentId }: { agentId: AgentId }) {
  const query = useBigQueryForm(agentId);
  const save = useSaveBigQuerySettings(agentId);
  if (query.isPending) return <QueryLoading label="Loading BigQuery overrides..." />;
  if (query.isError)
    return <QueryFailure error={query.error} onRetry={() => void query.refetch()} />;
  const { fields, saved } = query.data;
  return (
    <ConfigFormCard
      testId={`bigquery-overrides-${agentId}`}
      title="Database / BigQuery Overrides"
      description={`Per-agent BigQuery settings under ${bigQueryPrefix(agentId)}.*`}
      fields={fields}
      saved={saved}
      saveLabel="Save Overrides"
      onSave={(changes) => save.mutateAsync(changes)}
    />
  );
}
