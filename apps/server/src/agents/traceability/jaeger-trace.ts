import type { WindowLog } from './log-window';

/** The parts of a Jaeger query API trace (`GET /api/traces/{id}`) that correlation reads. */
interface JaegerKeyValue {
  key: string;
  value: unknown;
}
interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  /** Microseconds since the epoch. */
  startTime: number;
  /** Microseconds. */
  duration: number;
  processID: string;
  tags?: JaegerKeyValue[];
  logs?: { timestamp: number; fields: JaegerKeyValue[] }[];
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/** One span of an external trace and the log lines it became. */
export interface ExternalSpan {
  spanId: string;
  /** Epoch ms. */
  startMs: number;
  logs: WindowLog[];
}

export interface ExternalTrace {
  /** Every span's lines, in time order. */
  logs: WindowLog[];
  /** The spans that became lines, earliest start first (so a span budget keeps the earliest). */
  spans: ExternalSpan[];
  /** End of the latest span, epoch ms: a trace younger than the freshness threshold may still grow. */
  newestMs: number;
}

const ERROR_SEVERITY = 17;
const INFO_SEVERITY = 9;
const MAX_SPANS = 10_000;
const MAX_MESSAGE = 2_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const tag = (tags: readonly JaegerKeyValue[] | undefined, key: string): unknown =>
  tags?.find((kv) => kv.key === key)?.value;

function spanFailed(span: JaegerSpan): boolean {
  const status = Number(
    tag(span.tags, 'http.status_code') ?? tag(span.tags, 'http.response.status_code'),
  );
  return (
    tag(span.tags, 'error') === true ||
    tag(span.tags, 'error') === 'true' ||
    tag(span.tags, 'otel.status_code') === 'ERROR' ||
    status >= 500
  );
}

function errorText(span: JaegerSpan): string | null {
  for (const key of ['exception.message', 'error.message', 'otel.status_description']) {
    const value = tag(span.tags, key);
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function logLine(fields: readonly JaegerKeyValue[]): { text: string; error: boolean } {
  const message = fields.find((kv) => kv.key === 'message' || kv.key === 'exception.message');
  const event = fields.find((kv) => kv.key === 'event');
  const level = fields.find((kv) => kv.key === 'level')?.value;
  const text = String(
    message?.value ?? event?.value ?? fields.map((kv) => `${kv.key}=${String(kv.value)}`).join(' '),
  );
  const error =
    event?.value === 'error' ||
    event?.value === 'exception' ||
    (typeof level === 'string' && /^(error|fatal|critical)$/i.test(level));
  return { text, error };
}

function validTrace(value: unknown): value is JaegerTrace {
  return isObject(value) && Array.isArray(value.spans) && isObject(value.processes);
}

/**
 * A Jaeger trace as window logs: each span log (event) becomes one log line of the span's service,
 * and a failed span without logs one error line, so correlation and the root-log judgement treat
 * external traces like the logs the window holds.
 */
export function traceToLogs(body: unknown, traceId: string): ExternalTrace {
  const traces = isObject(body) && Array.isArray(body.data) ? body.data.filter(validTrace) : [];
  const logs: WindowLog[] = [];
  const spans: ExternalSpan[] = [];
  let newestMs = 0;
  for (const trace of traces) {
    for (const span of trace.spans.slice(0, MAX_SPANS)) {
      if (!isObject(span) || typeof span.startTime !== 'number') continue;
      const component = trace.processes[span.processID]?.serviceName ?? 'unknown';
      const failed = spanFailed(span);
      newestMs = Math.max(newestMs, (span.startTime + (span.duration || 0)) / 1_000);
      const entry = (id: string, time: number, message: string, error: boolean): WindowLog => ({
        id: `jaeger:${traceId}:${id}`,
        component,
        message: message.slice(0, MAX_MESSAGE),
        level: error ? 'ERROR' : 'INFO',
        severity: error ? ERROR_SEVERITY : INFO_SEVERITY,
        time,
        traceId,
      });
      const lines: WindowLog[] = [];
      (span.logs ?? []).forEach((log, i) => {
        const line = logLine(log.fields ?? []);
        lines.push(
          entry(`${span.spanID}:${i}`, log.timestamp / 1_000, line.text, line.error || failed),
        );
      });
      if (failed && (span.logs ?? []).length === 0) {
        const reason = errorText(span);
        lines.push(
          entry(
            span.spanID,
            span.startTime / 1_000,
            `${span.operationName} failed${reason ? `: ${reason}` : ''}`,
            true,
          ),
        );
      }
      if (lines.length === 0) continue;
      logs.push(...lines);
      spans.push({ spanId: span.spanID, startMs: span.startTime / 1_000, logs: lines });
    }
  }
  logs.sort((a, b) => a.time - b.time);
  spans.sort((a, b) => a.startMs - b.startMs);
  return { logs, spans, newestMs };
}
