import { House } from 'lucide-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorDetails } from './error-details';

const summary = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'The page could not be shown.';
};

/** The routing fallback: no route matched, or a page's code could not be loaded. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div
        role="alert"
        className="w-full max-w-xl rounded-xl border border-border bg-surface p-8 text-center"
      >
        <h1 className="text-2xl font-semibold text-foreground">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm text-muted">{summary(error)}</p>
        <Link
          to="/dashboard"
          className="mt-6 inline-flex h-9 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-strong"
        >
          <House aria-hidden="true" className="size-4" />
          Go to Dashboard
        </Link>
        <ErrorDetails error={error} />
      </div>
    </main>
  );
}
