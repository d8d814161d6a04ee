import type { AgentId, BigQueryTestResult, Integration } from '@vigil/contract';
import { PlugZap } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useSaveBigQuerySettings } from '../api/bigquery-settings';
import { useTestBigQueryConnection } from '../api/test-bigquery-connection';
import { ConfigFormCard } from './config-form-card';
import { IntegrationFacts, IntegrationStatusBadge } from './integration-summary';
import { QueryFailure, QueryLoading } from './query-states';
import { useBigQueryForm } from './use-bigquery-form';

/** Global BigQuery settings with Test Connection and its Connected or Failed badge. */
export function BigQueryCard({
  integration,
  agentNames,
}: {
  integration: Integration | undefined;
  agentNames: ReadonlyMap<AgentId, string>;
}) {
  const query = useBigQueryForm(null);
  const save = useSaveBigQuerySettings(null);
  const test = useTestBigQueryConnection();
  if (query.isPending) return <QueryLoading label="Loading BigQuery settings..." />;
  if (query.isError)
    return <QueryFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <ConfigFormCard
      testId="integration-bigquery"
      title="BigQuery"
      headerExtra={
        <>
          {integration ? <IntegrationStatusBadge integration={integration} /> : null}
          <ConnectionBadge result={test.data} failed={test.isError} />
        </>
      }
      description={
        <div className="flex flex-col gap-1">
          {integration ? (
            <IntegrationFacts
              integration={integration}
              agentNames={agentNames}
              showUnused={false}
            />
          ) : null}
          <ConnectionDetail result={test.data} error={test.error} />
        </div>
      }
      fields={query.data.fields}
      notUsed={integration?.used_by_deployment === false}
      saved={query.data.saved}
      saveLabel="Save BigQuery Settings"
      onSave={(changes) => save.mutateAsync(changes)}
      footerExtra={
        <Button onClick={() => test.mutate()} disabled={test.isPending}>
          <PlugZap aria-hidden="true" />
          {test.isPending ? 'Testing...' : 'Test Connection'}
        </Button>
      }
    />
  );
}

function ConnectionBadge({
  result,
  failed,
}: {
  result: BigQueryTestResult | undefined;
  failed: boolean;
}) {
  if (failed || result?.connected === false) return <Badge variant="destructive">Failed</Badge>;
  if (result?.connected) return <Badge variant="success">Connected</Badge>;
  return null;
}

function ConnectionDetail({
  result,
  error,
}: {
  result: BigQueryTestResult | undefined;
  error: Error | null;
}) {
  const text = error
    ? error.message
    : result
      ? `${result.detail} (${Math.round(result.latency_ms)} ms)`
      : null;
  return text ? (
    <p data-testid="bigquery-test-detail" className="text-xs break-words text-muted">
      {text}
    </p>
  ) : null;
}
