import { Layers } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import type { IncidentStackView } from '../lib/anomaly-card-view';
import { LIST_CARD_CLASSES } from './anomaly-card';
import { CardMessage, CardMeta, IncidentNumber } from './card-meta';
import { IncidentStatusBadge, SeverityBadge, SuppressedBadge } from './status-badges';

export function stackCountsLabel(stack: Pick<IncidentStackView, 'countTotal' | 'countSuppressed'>) {
  return `${stack.countTotal} events • ${stack.countSuppressed} suppressed`;
}

export interface IncidentStackCardProps {
  targetKey: string;
  stack: IncidentStackView;
  now: number;
  onOpen: (stack: IncidentStackView) => void;
}

/** An incident with several events; opens the 'Incident Stack #{id}' list of them. */
export function IncidentStackCard({ targetKey, stack, now, onOpen }: IncidentStackCardProps) {
  return (
    <button
      type="button"
      data-testid="incident-stack-card"
      {...{ [SEARCH_TARGET_ATTRIBUTE]: targetKey }}
      onClick={() => onOpen(stack)}
      className={`${LIST_CARD_CLASSES} border-l-4 border-l-warning/60`}
    >
      <span className="flex flex-wrap items-center gap-1.5">
        <SeverityBadge severity={stack.severity} />
        <IncidentStatusBadge status={stack.incidentStatus} />
        {stack.suppressed ? <SuppressedBadge /> : null}
        <Badge variant="outline">
          <Layers aria-hidden="true" className="size-3" />
          {stackCountsLabel(stack)}
        </Badge>
        <IncidentNumber incidentId={stack.incidentId} />
      </span>
      <CardMessage>{stack.title}</CardMessage>
      <CardMeta card={stack} now={now} />
    </button>
  );
}
