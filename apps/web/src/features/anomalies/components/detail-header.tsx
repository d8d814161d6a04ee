import type { Anomaly } from '@vigil/contract';
import { FullScreenDialogTitle } from '../../../components/ui/full-screen-dialog';
import { formatDateTime } from '../../../lib/format';
import { anomalyCardView, shortTraceId } from '../lib/anomaly-card-view';
import { FeedbackButtons } from './feedback-buttons';
import { AnomalyStatusBadge, SeverityBadge, SuppressedBadge } from './status-badges';

/** The detail's title (the message), its badges and the facts an operator scans first. */
export function DetailHeader({ anomaly }: { anomaly: Anomaly }) {
  const card = anomalyCardView(anomaly);
  const trace = shortTraceId(card.traceId);
  return (
    <header className="mt-3 flex flex-col gap-4 border-b border-border pb-5 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-1.5">
          <SeverityBadge severity={anomaly.severity} />
          <AnomalyStatusBadge status={anomaly.status} />
          {card.suppressed ? <SuppressedBadge /> : null}
        </div>
        <FullScreenDialogTitle className="mt-2 text-xl font-semibold break-words text-foreground md:text-2xl">
          {card.message}
        </FullScreenDialogTitle>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span>
            <span className="text-subtle">System:</span> {card.system}
          </span>
          <span>
            <span className="text-subtle">Detected:</span> {formatDateTime(anomaly.timestamp)}
          </span>
          {card.incidentId !== null ? (
            <span>
              <span className="text-subtle">Incident:</span> #{card.incidentId}
            </span>
          ) : null}
          {trace ? (
            <span>
              <span className="text-subtle">Trace:</span>{' '}
              <span className="font-mono" title={card.traceId ?? undefined}>
                {trace}
              </span>
            </span>
          ) : null}
        </p>
      </div>
      <FeedbackButtons anomalyId={anomaly.id} status={anomaly.status} />
    </header>
  );
}
