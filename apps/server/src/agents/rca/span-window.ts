import { SpanKind, type Span } from '../../ingest/records';

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
  /** What a CLIENT/PRODUCER span called (`peer.service`, else the server host), if it says. */
  callee?: string | null;
}

export interface SpanWindow {
  add(spans: readonly Span[]): void;
  /** Failing spans of one trace, earliest first. */
  byTrace(traceId: string): FailingSpan[];
  /** True when any span (failing or not) named this span as its parent. */
  hasChild(traceId: string, spanId: string): boolean;
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

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/** The service or host a CLIENT/PRODUCER span called, as its attributes name it. */
export function calleeOf(span: Span): string | null {
  if (span.kind !== SpanKind.CLIENT && span.kind !== SpanKind.PRODUCER) return null;
  const a = span.attributes;
  return text(a['peer.service']) ?? text(a['server.address']) ?? text(a['net.peer.name']);
}

/**
 * Only failing spans are kept (healthy ones say nothing about a root cause), by trace id, oldest
 * traces evicted first: memory stays bounded by `maxTraces` × `maxPerTrace`. Of every span, only
 * the fact that its parent has a child is kept (bounded by `maxParents`): a failing call with no
 * span beneath it never reached, or never got an answer from, the callee.
 */
export function createSpanWindow(
  maxTraces = 5_000,
  maxPerTrace = 50,
  maxParents = 200_000,
): SpanWindow {
  const traces = new Map<string, FailingSpan[]>();
  const parents = new Set<string>();
  const rememberParent = (span: Span): void => {
    if (!span.parentSpanId) return;
    if (parents.size >= maxParents) {
      const oldest = parents.values().next().value;
      if (oldest !== undefined) parents.delete(oldest);
    }
    parents.add(`${span.traceId}/${span.parentSpanId}`);
  };
  return {
    add(spans) {
      for (const span of spans) {
        rememberParent(span);
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
          callee: calleeOf(span),
        });
      }
    },
    byTrace: (traceId) =>
      [...(traces.get(traceId) ?? [])].sort((a, b) => a.startTime - b.startTime),
    hasChild: (traceId, spanId) => parents.has(`${traceId}/${spanId}`),
    size: () => traces.size,
  };
}

/** The failing spans no other failing span descends from: where the failure starts in the call tree. */
export function deepestFailingSpans(spans: readonly FailingSpan[]): FailingSpan[] {
  const parents = new Set(spans.flatMap((span) => (span.parentSpanId ? [span.parentSpanId] : [])));
  return spans.filter((span) => !parents.has(span.spanId));
}
