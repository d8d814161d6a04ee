import type { ApprovedAction } from '@vigil/contract';
import { Eye, FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayDescription } from '../../../lib/format';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import { ActionIcon } from './action-icon';
import { ActionStatusBadge } from './action-status-badge';
import { ActionTags } from './action-tags';

export type CardCommand = 'view' | 'edit' | 'delete' | 'dry-run';

export interface ActionCardProps {
  action: ApprovedAction;
  onCommand: (command: CardCommand, action: ApprovedAction) => void;
}

export function ActionCard({ action, onCommand }: ActionCardProps) {
  const targetAttribute = { [SEARCH_TARGET_ATTRIBUTE]: action.id };
  return (
    <Card
      {...targetAttribute}
      data-testid="action-card"
      aria-labelledby={`action-${action.id}-name`}
      role="article"
      className="flex min-w-0 flex-col gap-4 md:p-5"
    >
      <div className="flex items-start gap-3">
        <ActionIcon tags={action.tags} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h2
              id={`action-${action.id}-name`}
              className="min-w-0 line-clamp-2 text-base font-semibold break-words text-foreground"
              title={action.name}
            >
              {action.name}
            </h2>
            <ActionStatusBadge active={action.is_active} />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-muted">
            {displayDescription(action.description)}
          </p>
        </div>
      </div>
      <ActionTags tags={action.tags} />
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-xs text-subtle">Retries</dt>
          <dd className="font-medium text-foreground">{action.max_retries}</dd>
        </div>
        <div>
          <dt className="text-xs text-subtle">Timeout</dt>
          <dd className="font-medium text-foreground">{action.timeout_seconds}s</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <Button size="sm" onClick={() => onCommand('view', action)}>
          <Eye aria-hidden="true" />
          View
        </Button>
        <Button size="sm" onClick={() => onCommand('edit', action)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button size="sm" onClick={() => onCommand('dry-run', action)}>
          <FlaskConical aria-hidden="true" />
          Dry Run
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto text-destructive-foreground hover:text-destructive-foreground"
          onClick={() => onCommand('delete', action)}
        >
          <Trash2 aria-hidden="true" />
          {/* On a phone the four buttons fit one row with Delete as its icon (the name stays). */}
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
    </Card>
  );
}
