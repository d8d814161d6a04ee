import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/badge';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { formatDateTime } from '../../../lib/format';
import { formatDuration } from '../../../lib/format-duration';
import { useActionExecutions } from '../api/get-executions';
import { useExecutorStats } from '../api/get-executor-stats';
import { fetchErrorMessage } from '../lib/action-errors';
import { successRateText } from '../lib/success-rate';
import { ExecutionStatusBadge } from './execution-status-badge';

/** The action's success rate over finished real runs, and its latest executions (dry runs too). */
export function ExecutionHistory({ actionId }: { actionId: string }) {
  const executions = useActionExecutions(actionId);
  const stats = useExecutorStats();
  const row = stats.data?.find((candidate) => candidate.action_id === actionId);
  return (
    <div className="space-y-3">
      <p className="text-sm text-foreground" data-testid="action-success-rate">
        {stats.isPending ? 'Loading success rate...' : successRateText(row)}
      </p>
      {executions.isPending ? <Spinner label="Loading executions..." /> : null}
      {executions.isError ? (
        <ErrorBanner>{fetchErrorMessage(executions.error, 'executions')}</ErrorBanner>
      ) : null}
      {executions.data && executions.data.executions.length === 0 ? (
        <p className="text-sm text-subtle">No executions yet</p>
      ) : null}
      {executions.data && executions.data.executions.length > 0 ? (
        <ol
          aria-label="Execution history"
          className="divide-y divide-border rounded-md border border-border"
        >
          {executions.data.executions.map((execution) => (
            <li
              key={execution.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-xs"
            >
              <ExecutionStatusBadge status={execution.status} />
              {execution.dry_run ? <Badge variant="outline">dry run</Badge> : null}
              <span className="text-muted">{formatDateTime(execution.created_at)}</span>
              <span className="text-muted">{formatDuration(execution.duration_seconds)}</span>
              <span className="text-subtle">by {execution.triggered_by}</span>
              {execution.incident_id === null ? null : (
                <span className="text-subtle">#{execution.incident_id}</span>
              )}
              {execution.error_message ? (
                <span className="basis-full break-words text-destructive-foreground">
                  {execution.error_message}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
