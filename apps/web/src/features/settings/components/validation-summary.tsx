import { CircleAlert, TriangleAlert } from 'lucide-react';
import type { FormIssue } from '../lib/config-form';
import { fieldInputId } from '../lib/field-meta';

export const SERVER_CHECK_UNAVAILABLE_TEXT =
  'The server could not check the latest edits; it checks them again on save.';

/**
 * Every error and warning of a form in one place (the client's checks and the server's live
 * validation), each linking to its field.
 */
export function ValidationSummary({
  errors,
  warnings,
  serverCheckUnavailable = false,
}: {
  errors: readonly FormIssue[];
  warnings: readonly FormIssue[];
  serverCheckUnavailable?: boolean;
}) {
  if (errors.length === 0 && warnings.length === 0) {
    return serverCheckUnavailable ? <UnavailableNote /> : null;
  }
  return (
    <div
      role="region"
      aria-label="Validation summary"
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface-raised p-3 text-sm"
    >
      {errors.length > 0 ? (
        <IssueList
          tone="error"
          title={`${errors.length} ${errors.length === 1 ? 'error' : 'errors'} to fix before saving`}
          issues={errors}
        />
      ) : null}
      {warnings.length > 0 ? (
        <IssueList
          tone="warning"
          title={`${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}`}
          issues={warnings}
        />
      ) : null}
      {serverCheckUnavailable ? <UnavailableNote /> : null}
    </div>
  );
}

function UnavailableNote() {
  return (
    <p role="status" className="text-xs text-muted">
      {SERVER_CHECK_UNAVAILABLE_TEXT}
    </p>
  );
}

function IssueList({
  tone,
  title,
  issues,
}: {
  tone: 'error' | 'warning';
  title: string;
  issues: readonly FormIssue[];
}) {
  const Icon = tone === 'error' ? CircleAlert : TriangleAlert;
  const colour = tone === 'error' ? 'text-destructive-foreground' : 'text-warning-foreground';
  return (
    <div>
      <p className={`flex items-center gap-1.5 font-medium ${colour}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <ul className="mt-1 flex flex-col gap-0.5 pl-6 text-xs text-muted">
        {issues.map((issue) => (
          <li key={issue.path}>
            <a
              href={`#${fieldInputId(issue.path)}`}
              className="text-foreground underline-offset-2 hover:underline"
            >
              {issue.label}
            </a>
            : {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
