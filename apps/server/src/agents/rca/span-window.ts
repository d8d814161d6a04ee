import type { Span } from '../../ingest/records';

/** A failing span as RCA keeps it. */
export interface FailingSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  component: string;
  name: string;
  startTime: number;
  /** When the failure showed: a span fails as it ends (a parent outlives its failing child). */
  endTime: number;
  statusMessage: string;
}

export interface SpanWindow {
  add(spans: readonly Span[]): void;
  /** Failing spans of one trace, earliest first. */
  byTrace(traceId: string): FailingSpan[];
  size(): number;
}

/** OTLP error status, or an HTTP 5xx answer. */
export function isFailingSpan(span: Span): boolean {
  if (span.statusCode === 2) return true;
  const status =
    span.attributes['http.response.status_code'] ?? span.attributes['http.status_code'];
  const code =
    typeof status === 'number' ? status : typeof status === 'string' ? Number(status) : 0;
  return code >= 500;
}

/**
 * Only failing spans are kept (healthy ones say nothing about a root cause), by trace id, oldest
 * traces evicted first: memory stays bounded by `maxTraces` × `maxPerTrace`.
 */
export function createSpanWindow(maxTraces = 5_000, maxPerTrace = 50): SpanWindow {
  const traces = new Map<string, FailingSpan[]>();
  return {
    add(spans) {
      for (const span of spans) {
        if (!isFailingSpan(span)) continue;
        let list = traces.get(span.traceId);
        if (!list) {
          if (traces.size >= maxTraces) {
            const oldest = traces.keys().next().value;
            if (oldest !== undefined) traces.delete(oldest);
          }
          list = [];
          traces.set(span.traceId, list);
        }
        if (list.length >= maxPerTrace) continue;
        list.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId,
          component: span.component,
          name: span.name,
          startTime: span.startTime,
          endTime: span.endTime,
          statusMessage: span.statusMessage.slice(0, 500),
        });
      }
    },
    byTrace: (traceId) =>
      [...(traces.get(traceId) ?? [])].sort((a, b) => a.startTime - b.startTime),
    size: () => traces.size,
  };
}

/** The failing spans no other failing span descends from: where the failure starts in the call tree. */
export function deepestFailingSpans(spans: readonly FailingSpan[]): FailingSpan[] {
  const parents = new Set(spans.flatMap((span) => (span.parentSpanId ? [span.parentSpanId] : [])));
  return spans.filter((span) => !parents.has(span.spanId));
}
