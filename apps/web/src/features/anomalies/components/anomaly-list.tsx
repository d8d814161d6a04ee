import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import type { AnomalyListItem, IncidentStackView } from '../lib/anomaly-card-view';
import { AnomalyCard } from './anomaly-card';
import { IncidentStackCard } from './incident-stack-card';

export interface AnomalyListProps {
  items: readonly AnomalyListItem[] | undefined;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
  /** The anomaly whose detail is loading after a click. */
  openingId: string | null;
  onOpenAnomaly: (anomalyId: string) => void;
  onOpenStack: (stack: IncidentStackView) => void;
}

export function AnomalyList({
  items,
  error,
  retrying,
  onRetry,
  openingId,
  onOpenAnomaly,
  onOpenStack,
}: AnomalyListProps) {
  if (error && !items) {
    return (
      <LoadError
        message={`Could not load anomalies: ${error.message}`}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (!items) return <Spinner label="Loading..." className="py-10" />;
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border-strong px-4 py-10 text-center text-sm text-muted">
        No anomalies found.
      </p>
    );
  }
  const now = Date.now();
  return (
    <ul className="flex flex-col gap-3" aria-label="Anomalies">
      {items.map((item) => (
        <li key={item.key}>
          {item.kind === 'stack' ? (
            <IncidentStackCard
              targetKey={item.key}
              stack={item.stack}
              now={now}
              onOpen={onOpenStack}
            />
          ) : (
            <AnomalyCard
              targetKey={item.key}
              card={item.card}
              now={now}
              busy={openingId === item.card.anomalyId}
              onOpen={onOpenAnomaly}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
