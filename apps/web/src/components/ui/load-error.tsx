import { RotateCw } from 'lucide-react';
import { Button } from './button';
import { ErrorBanner } from './error-banner';

export interface LoadErrorProps {
  /** The whole sentence, e.g. 'Error loading data: HTTP 500: Internal Server Error'. */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load: the error banner with a Retry button beside the message. */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <ErrorBanner className="items-center">
      <span className="flex flex-wrap items-center justify-between gap-3">
        <span className="min-w-0 break-words">{message}</span>
        <Button size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </span>
    </ErrorBanner>
  );
}
