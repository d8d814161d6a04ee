import type { SaveResult } from '@vigil/contract';
import { CircleCheck } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';

export type SaveOutcome =
  | { kind: 'saved'; result: SaveResult }
  | { kind: 'failed'; message: string }
  | { kind: 'rejected'; count: number };

/** The line under a form after a save: done (and what needs a restart) or why not. */
export function SaveStatus({ outcome }: { outcome: SaveOutcome | null }) {
  if (!outcome) return null;
  if (outcome.kind === 'failed') {
    return (
      <p role="alert" className="text-xs text-destructive-foreground">
        {outcome.message}
      </p>
    );
  }
  if (outcome.kind === 'rejected') {
    return (
      <p role="alert" className="text-xs text-destructive-foreground">
        The server rejected {outcome.count} {outcome.count === 1 ? 'value' : 'values'}; nothing was
        saved.
      </p>
    );
  }
  const { result } = outcome;
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-1.5 text-xs text-success-foreground"
    >
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Saved {result.changed.length} {result.changed.length === 1 ? 'setting' : 'settings'} at{' '}
      {formatDateTime(result.saved_at)}.
      {result.restart_required.length > 0 ? (
        <span className="text-warning-foreground">
          Restart required for: {result.restart_required.join(', ')}
        </span>
      ) : null}
    </p>
  );
}
