import { ChevronRight } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { formatDateTime } from '../../../lib/format';
import { useIncidentEvents } from '../api/get-incident-events';
import { anomalyCardView, type IncidentStackView } from '../lib/anomaly-card-view';
import { stackCountsLabel } from './incident-stack-card';
import { IncidentStatusBadge, SeverityBadge, SuppressedBadge } from './status-badges';

export interface IncidentStackDialogProps {
  stack: IncidentStackView | null;
  onClose: () => void;
  onOpenAnomaly: (anomalyId: string) => void;
}

/** 'Incident Stack #{id}': the incident's events, each opening its anomaly's detail. */
export function IncidentStackDialog({ stack, onClose, onOpenAnomaly }: IncidentStackDialogProps) {
  return (
    <Dialog open={stack !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {stack ? (
        <DialogContent
          title={`Incident Stack #${stack.incidentId}`}
          description={
            <span className="flex flex-wrap items-center gap-2" data-testid="stack-summary">
              <span>{stackCountsLabel(stack)} •</span>
              <IncidentStatusBadge status={stack.incidentStatus} />
            </span>
          }
          className="flex max-h-[85dvh] max-w-2xl flex-col"
        >
          <IncidentEvents incidentId={stack.incidentId} onOpenAnomaly={onOpenAnomaly} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function IncidentEvents({
  incidentId,
  onOpenAnomaly,
}: {
  incidentId: number;
  onOpenAnomaly: (anomalyId: string) => void;
}) {
  const events = useIncidentEvents(incidentId);
  if (events.isPending) return <Spinner label="Loading..." className="mt-6" />;
  if (events.isError) {
    return (
      <ErrorBanner className="mt-6">
        Could not load the incident&apos;s events: {events.error.message}
      </ErrorBanner>
    );
  }
  if (events.data.length === 0) {
    return <p className="mt-6 text-sm text-muted">No anomalies found.</p>;
  }
  return (
    <ul className="-mx-2 mt-4 min-h-0 flex-1 overflow-y-auto px-2" aria-label="Incident events">
      {events.data.map((anomaly) => {
        const card = anomalyCardView(anomaly);
        return (
          <li key={anomaly.id} className="border-b border-border last:border-b-0">
            <button
              type="button"
              data-testid="incident-event"
              onClick={() => onOpenAnomaly(anomaly.id)}
              className="group flex w-full cursor-pointer items-start gap-3 rounded-md px-2 py-3 text-left hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-1.5">
                  <SeverityBadge severity={card.severity} />
                  {card.suppressed ? (
                    <SuppressedBadge />
                  ) : (
                    <span className="text-xs text-success-foreground">primary</span>
                  )}
                </span>
                <span className="mt-1 line-clamp-2 block text-sm break-words text-foreground">
                  {card.message}
                </span>
                <span className="mt-1 block text-xs text-muted">
                  {card.system} · {formatDateTime(card.detectedAt)}
                </span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="mt-1 size-4 shrink-0 text-subtle group-hover:text-foreground"
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
