import type { AuditEntry } from '@vigil/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { displayDescription, formatDateTime } from '../../../lib/format';
import { formatDuration } from '../../../lib/format-duration';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import { severityVariant } from '../../../lib/severity-style';
import { humanize } from '../lib/audit-text';
import { AuditEntryDetails } from './audit-entry-details';
import { AuditEntryIcon } from './audit-entry-icon';

const STATUS_VARIANTS: Record<NonNullable<AuditEntry['execution_status']>, BadgeVariant> = {
  success: 'success',
  failed: 'destructive',
  timeout: 'destructive',
  pending: 'warning',
  running: 'default',
};

export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const target = { [SEARCH_TARGET_ATTRIBUTE]: entry.id };
  return (
    <li
      {...target}
      data-testid="audit-entry"
      className="rounded-lg border border-border bg-surface"
    >
      <div className="flex gap-3 p-3 sm:p-4">
        <AuditEntryIcon type={entry.type} />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-foreground">{humanize(entry.type)}</span>
            <Badge variant={severityVariant(entry.severity)}>{entry.severity}</Badge>
            {entry.execution_status ? (
              <Badge variant={STATUS_VARIANTS[entry.execution_status]}>
                {entry.execution_status}
              </Badge>
            ) : null}
            {entry.incident_id === null ? null : (
              <Badge variant="outline">#{entry.incident_id}</Badge>
            )}
          </div>
          <p className="text-sm break-words text-muted">{displayDescription(entry.description)}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
            <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
            {entry.action_name ? <span>Action: {entry.action_name}</span> : null}
            {entry.action_name || entry.execution_duration !== null ? (
              <span>Duration: {formatDuration(entry.execution_duration)}</span>
            ) : null}
            {entry.retry_count === null ? null : <span>Retries: {entry.retry_count}</span>}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className="self-start"
        >
          {/* On a phone the chevron alone leaves the description its width (the name stays). */}
          <span className="sr-only sm:not-sr-only">Details</span>
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform', open && 'rotate-180')}
          />
        </Button>
      </div>
      {open ? <AuditEntryDetails entry={entry} id={detailsId} /> : null}
    </li>
  );
}
