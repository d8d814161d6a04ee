import type { AuditEntry } from '@vigil/contract';

/** Spec part 2 section 7.2, in this order. */
export const AUDIT_CSV_COLUMNS = [
  'Timestamp',
  'Type',
  'Description',
  'Severity',
  'Incident ID',
  'Anomaly Event ID',
  'Action Name',
  'Execution Status',
  'Retry Count',
  'Duration (s)',
  'Affected Services',
  'Root Component',
  'Trace ID',
  'Triggered By',
  'Agents Involved',
  'Error Message',
] as const;

type Cell = string | number | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
 * A leading =, +, - or @ is prefixed with a quote mark so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const LIST_SEPARATOR = '; ';

export function auditCsvRow(entry: AuditEntry): Cell[] {
  return [
    entry.timestamp,
    entry.type,
    entry.description,
    entry.severity,
    entry.incident_id,
    entry.anomaly_event_id,
    entry.action_name,
    entry.execution_status,
    entry.retry_count,
    entry.execution_duration,
    entry.affected_services.join(LIST_SEPARATOR),
    entry.root_component,
    entry.trace_id,
    entry.triggered_by,
    entry.agents_involved.join(LIST_SEPARATOR),
    entry.error_message,
  ];
}

/** The whole file: a header line, one line per entry, CRLF line ends. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS, ...entries.map(auditCsvRow)].map((row) =>
    row.map(csvCell).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** `audit-trail-{date}.csv`, the date as YYYY-MM-DD (UTC). */
export function auditCsvFileName(now: Date): string {
  return `audit-trail-${now.toISOString().slice(0, 10)}.csv`;
}
