import type { Execution } from '@vigil/contract';
import { Check, ShieldAlert, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { relativeTime } from '../../../lib/relative-time';
import { useDecideExecution } from '../api/decide-execution';
import { usePendingApprovals } from '../api/get-executions';
import { changeErrorMessage } from '../lib/action-errors';

/** Beyond the spec: executions parked until an operator approves or rejects them. */
export function ApprovalQueue() {
  const pending = usePendingApprovals();
  const decide = useDecideExecution();
  const executions = pending.data?.executions ?? [];
  if (executions.length === 0) return null;
  return (
    <Card
      className="mb-6 border-warning/40 md:p-5"
      role="region"
      aria-labelledby="approval-queue-title"
    >
      <div className="mb-3 flex items-center gap-2">
        <ShieldAlert aria-hidden="true" className="size-5 text-warning" />
        <h2 id="approval-queue-title" className="text-base font-semibold text-foreground">
          Waiting for approval
        </h2>
        <Badge variant="warning">{pending.data?.total_count ?? executions.length}</Badge>
      </div>
      {decide.isError ? (
        <ErrorBanner className="mb-3">
          {changeErrorMessage(decide.error, decide.variables?.decision ?? 'approve', 'execution')}
        </ErrorBanner>
      ) : null}
      <ul className="divide-y divide-border">
        {executions.map((execution) => (
          <PendingExecution
            key={execution.id}
            execution={execution}
            busy={decide.isPending && decide.variables?.id === execution.id}
            onDecide={(decision) => decide.mutate({ id: execution.id, decision })}
          />
        ))}
      </ul>
    </Card>
  );
}

function PendingExecution({
  execution,
  busy,
  onDecide,
}: {
  execution: Execution;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  return (
    <li
      data-testid="pending-execution"
      className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">{execution.action_name}</p>
        <p className="mt-0.5 text-xs text-muted">
          {execution.incident_id === null ? 'No incident' : `Incident #${execution.incident_id}`} ·
          requested by {execution.triggered_by} · {relativeTime(execution.created_at, Date.now())}
        </p>
        {execution.request ? (
          <p className="mt-1 truncate font-mono text-xs text-subtle">
            {execution.request.method} {execution.request.url}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="primary" disabled={busy} onClick={() => onDecide('approve')}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button size="sm" disabled={busy} onClick={() => onDecide('reject')}>
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </li>
  );
}
