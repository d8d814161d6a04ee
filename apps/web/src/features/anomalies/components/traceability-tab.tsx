import type { TraceabilityData } from '@vigil/contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { severityVariant } from '../../../lib/severity-style';
import { traceFlowLogs } from '../lib/trace-flow-layout';
import { DetailSection, EmptyTab } from './detail-list';
import { TraceFlow } from './trace-flow';

const METHOD_LABELS: Record<TraceabilityData['correlation_method'], string> = {
  trace: 'Correlated by trace id',
  time_and_topology: 'Correlated by time and service topology',
};

export function TraceabilityTab({ data }: { data: TraceabilityData | null }) {
  const logs = traceFlowLogs(data);
  if (!data || logs.length === 0) return <EmptyTab>No traceability data available.</EmptyTab>;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DetailSection title="Trace flow">
        <p className="mb-3 text-xs text-muted">
          {METHOD_LABELS[data.correlation_method] ?? data.correlation_method} · {logs.length} logs,
          in order
        </p>
        <TraceFlow logs={logs} />
      </DetailSection>
      <DetailSection title="Correlated logs">
        <ol className="grid gap-2 text-sm">
          {logs.map((log, index) => (
            <li
              key={`${index}-${log.timestamp}-${log.component}`}
              className="grid gap-1 rounded-lg border border-border bg-surface-raised/40 px-3 py-2 md:grid-cols-[auto_auto_1fr] md:items-baseline md:gap-3"
            >
              <span className="flex items-center gap-1.5">
                <span className="w-6 text-right text-xs text-subtle tabular-nums">
                  {index + 1}.
                </span>
                <Badge variant={severityVariant(log.level)}>{log.level}</Badge>
                {log.isRootCause ? <Badge variant="destructive">root cause</Badge> : null}
              </span>
              <span
                className="text-xs whitespace-nowrap text-muted"
                title={formatDateTime(log.timestamp)}
              >
                {log.component} · {new Date(log.timestamp).toLocaleTimeString()}
              </span>
              <span className="font-mono text-xs break-words text-foreground">{log.message}</span>
            </li>
          ))}
        </ol>
      </DetailSection>
    </div>
  );
}
