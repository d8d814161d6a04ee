import type { AttributeValue, Attributes } from '../records';
import { resolveSeverity } from '../severity';
import type { ParsedLine } from './parsed-line';

/**
 * Builds OTLP/JSON ExportLogsServiceRequest bodies from parsed lines: one ResourceLogs per
 * component (its `service.name`), times as nanosecond strings, ids as hex, as OTLP/HTTP JSON wants.
 */
export interface OutgoingLine {
  line: ParsedLine & { time: number };
  /** The service name this line is filed under. */
  component: string;
  /** Extra attributes (the file name, the line's own component when --component overrides it). */
  extra: Attributes;
}

export const INGEST_SCOPE = 'vigil-ingest';

type JsonAnyValue =
  | { stringValue: string }
  | { intValue: string }
  | { doubleValue: number }
  | { boolValue: boolean }
  | Record<string, never>;

function anyValue(value: AttributeValue): JsonAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return { intValue: String(value) };
    if (Number.isFinite(value)) return { doubleValue: value };
    return { stringValue: String(value) };
  }
  return {};
}

function keyValues(...sources: Attributes[]): Array<{ key: string; value: JsonAnyValue }> {
  const out: Array<{ key: string; value: JsonAnyValue }> = [];
  for (const source of sources) {
    for (const key of Object.keys(source)) out.push({ key, value: anyValue(source[key] ?? null) });
  }
  return out;
}

const nanos = (ms: number): string => (ms <= 0 ? '0' : `${Math.floor(ms)}000000`);

function logRecord(outgoing: OutgoingLine, observedNanos: string): Record<string, unknown> {
  const { line } = outgoing;
  const severity = resolveSeverity(line.severityNumber, line.severityText);
  const record: Record<string, unknown> = {
    timeUnixNano: nanos(line.time),
    observedTimeUnixNano: observedNanos,
    severityNumber: severity.severityNumber,
    severityText: severity.severityText,
    body: { stringValue: line.body },
    attributes: keyValues(line.attributes, outgoing.extra),
  };
  if (line.traceId !== null) record['traceId'] = line.traceId;
  if (line.spanId !== null) record['spanId'] = line.spanId;
  return record;
}

export function buildLogsRequest(
  lines: readonly OutgoingLine[],
  observedMs: number,
): Record<string, unknown> {
  const observedNanos = nanos(observedMs);
  const byComponent = new Map<string, Array<Record<string, unknown>>>();
  for (const outgoing of lines) {
    let records = byComponent.get(outgoing.component);
    if (records === undefined) byComponent.set(outgoing.component, (records = []));
    records.push(logRecord(outgoing, observedNanos));
  }
  return {
    resourceLogs: [...byComponent].map(([component, logRecords]) => ({
      resource: { attributes: [{ key: 'service.name', value: { stringValue: component } }] },
      scopeLogs: [{ scope: { name: INGEST_SCOPE }, logRecords }],
    })),
  };
}
