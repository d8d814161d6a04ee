import type { AuditEntry } from '@vigil/contract';
import type { ReactNode } from 'react';

const orNone = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? 'N/A' : value;

function Detail({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** The expandable part of an entry (spec part 2 section 2.3). */
export function AuditEntryDetails({ entry, id }: { entry: AuditEntry; id: string }) {
  const metadata = Object.keys(entry.metadata).length === 0 ? null : entry.metadata;
  return (
    <dl id={id} className="grid gap-3 border-t border-border px-4 py-3 sm:grid-cols-2">
      <Detail label="Affected services">
        {entry.affected_services.length === 0 ? 'N/A' : entry.affected_services.join(', ')}
      </Detail>
      <Detail label="Agents involved">
        {entry.agents_involved.length === 0 ? 'N/A' : entry.agents_involved.join(', ')}
      </Detail>
      <Detail label="Triggered by">{orNone(entry.triggered_by)}</Detail>
      <Detail label="Root component">{orNone(entry.root_component)}</Detail>
      <Detail label="Trace ID">
        <span className="font-mono text-xs">{orNone(entry.trace_id)}</span>
      </Detail>
      <Detail label="Anomaly event ID">
        <span className="font-mono text-xs">{orNone(entry.anomaly_event_id)}</span>
      </Detail>
      <Detail label="Error details" wide>
        {entry.error_message ? (
          <span className="text-destructive-foreground">{entry.error_message}</span>
        ) : (
          'N/A'
        )}
      </Detail>
      <Detail label="Additional metadata" wide>
        {metadata ? (
          <pre className="mt-1 max-h-60 overflow-auto rounded-md border border-border bg-background p-3 font-mono text-xs whitespace-pre-wrap break-all">
            {JSON.stringify(metadata, null, 2)}
          </pre>
        ) : (
          'N/A'
        )}
      </Detail>
    </dl>
  );
}
