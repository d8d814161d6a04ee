import { cn } from '../../../lib/cn';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import type { AnomalyCardView } from '../lib/anomaly-card-view';
import { CardMessage, CardMeta, IncidentNumber } from './card-meta';
import { IncidentStatusBadge, SeverityBadge, SuppressedBadge } from './status-badges';

/** The look both list cards share. */
export const LIST_CARD_CLASSES =
  'group block w-full cursor-pointer rounded-xl border border-border bg-surface p-4 text-left transition-colors hover:border-border-strong hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60 aria-busy:opacity-70';

export interface AnomalyCardProps {
  targetKey: string;
  card: AnomalyCardView;
  now: number;
  busy: boolean;
  onOpen: (anomalyId: string) => void;
}

/** One anomaly (or a single-event incident): opens the anomaly's detail. */
export function AnomalyCard({ targetKey, card, now, busy, onOpen }: AnomalyCardProps) {
  return (
    <button
      type="button"
      data-testid="anomaly-card"
      {...{ [SEARCH_TARGET_ATTRIBUTE]: targetKey }}
      aria-busy={busy}
      onClick={() => onOpen(card.anomalyId)}
      className={cn(LIST_CARD_CLASSES)}
    >
      <span className="flex flex-wrap items-center gap-1.5">
        <SeverityBadge severity={card.severity} />
        <IncidentStatusBadge status={card.incidentStatus} />
        {card.suppressed ? <SuppressedBadge /> : null}
        <IncidentNumber incidentId={card.incidentId} />
      </span>
      <CardMessage>{card.message}</CardMessage>
      <CardMeta card={card} now={now} />
    </button>
  );
}
