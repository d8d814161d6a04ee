import { isRouteErrorResponse } from 'react-router';

/** What a person (or a bug report) needs from an error: its message and, when known, its stack. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' && error.data !== '' ? `\n${error.data}` : '';
    return `${error.status} ${error.statusText}${data}`;
  }
  // V8's stack starts with "Name: message", so it is the whole story when present.
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** A collapsed-by-default "Error Details" section (native details: keyboard and screen-reader ready). */
export function ErrorDetails({ error }: { error: unknown }) {
  return (
    <details className="group mt-6 w-full rounded-lg border border-border bg-background text-left">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-muted select-none hover:text-foreground">
        Error Details
      </summary>
      <pre className="max-h-72 overflow-auto border-t border-border px-4 py-3 font-mono text-xs whitespace-pre-wrap break-words text-destructive-foreground">
        {describeError(error)}
      </pre>
    </details>
  );
}
