import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ErrorDetails } from './error-details';

/** The generic crash screen (spec part 1 section 2), shown by the error boundaries. */
export function CrashScreen({ error }: { error: unknown }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-semibold text-foreground">Something went wrong</h1>
      <p className="mt-2 text-sm text-muted">
        The application encountered an error. Please refresh the page.
      </p>
      <Button variant="primary" className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Refresh Page
      </Button>
      <ErrorDetails error={error} />
    </div>
  );
}
