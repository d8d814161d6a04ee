import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';

export function QueryLoading({ label }: { label: string }) {
  return (
    <Card>
      <Spinner label={label} />
    </Card>
  );
}

/** A part of the screen that failed to load, with the spec's wording and a Retry. */
export function QueryFailure({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <Card role="alert" className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0 text-sm break-words text-destructive-foreground">{error.message}</p>
      <Button size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Card>
  );
}
