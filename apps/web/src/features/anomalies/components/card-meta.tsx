import { ChevronRight } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import { shortTraceId, type AnomalyCardView } from '../lib/anomaly-card-view';

function MetaItem({
  label,
  value,
  mono = false,
}: {
  label: string;
  value: string;
  mono?: boolean;
}) {
  return (
    <span className="inline-flex min-w-0 items-baseline gap-1">
      <span className="text-subtle">{label}:</span>{' '}
      <span className={mono ? 'font-mono text-foreground/90' : 'truncate text-foreground/90'}>
        {value}
      </span>
    </span>
  );
}

/** A card's message: two lines at most. */
export function CardMessage({ children }: { children: string }) {
  return (
    <span
      data-testid="card-message"
      className="mt-2 line-clamp-2 block text-sm font-medium break-words text-foreground"
    >
      {children}
    </span>
  );
}

/** The incident number, top right of a card. */
export function IncidentNumber({ incidentId }: { incidentId: number | null }) {
  if (incidentId === null) return null;
  return (
    <span
      className="ml-auto text-xs font-medium text-muted tabular-nums"
      data-testid="card-incident"
    >
      Incident #{incidentId}
    </span>
  );
}

/** System, detected time and trace under the message, with the hint to open the card. */
export function CardMeta({ card, now }: { card: AnomalyCardView; now: number }) {
  const trace = shortTraceId(card.traceId);
  return (
    <span className="mt-2 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <span className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <MetaItem label="System" value={card.system} />
        <span title={card.detectedAt ? formatDateTime(card.detectedAt) : undefined}>
          <MetaItem
            label="Detected"
            value={card.detectedAt ? relativeTime(card.detectedAt, now) : 'recently'}
          />
        </span>
        {trace ? <MetaItem label="Trace" value={trace} mono /> : null}
      </span>
      <span className="ml-auto flex items-center gap-1 text-xs font-medium text-primary opacity-80 group-hover:opacity-100">
        Click to investigate
        <ChevronRight aria-hidden="true" className="size-3.5" />
      </span>
    </span>
  );
}
