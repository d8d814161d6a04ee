import type { Attributes } from './records';

/**
 * Finds a trace context written into a log's text or attributes by applications that do not send
 * OTLP trace fields: `trace_id=…`, `traceId: …`, `trace-id`, `"trace_id":"…"`, and W3C
 * `traceparent: 00-<32 hex>-<16 hex>-<2 hex>`. Patterns compile once, at import.
 */
export interface TraceContext {
  traceId: string;
  spanId: string | null;
}

const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

const TRACEPARENT =
  /traceparent["']?\s*[:=]\s*["']?[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}\b/i;
// A 32-hex id, a 16-hex (64-bit, left-padded per W3C) id, or a UUID-shaped one.
const TRACE_ID =
  /\btrace[_. -]?id["']?(?:\s*[:=]\s*|\s+)["']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[0-9a-f]{16})(?![0-9a-f-])/i;
const SPAN_ID = /\bspan[_. -]?id["']?(?:\s*[:=]\s*|\s+)["']?([0-9a-f]{16})(?![0-9a-f])/i;
const MENTIONS_TRACE = /trace/i;
const HEX_32 = /^[0-9a-f]{32}$/i;
const HEX_16 = /^[0-9a-f]{16}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TRACE_KEYS = [
  'trace_id',
  'traceId',
  'trace.id',
  'traceid',
  'TraceId',
  'otel.trace_id',
  'dd.trace_id_hex',
];
const SPAN_KEYS = ['span_id', 'spanId', 'span.id', 'spanid', 'SpanId', 'otel.span_id'];

/** Normalises a candidate trace id to 32 lowercase hex, or null when it is not one (or is all zeros). */
export function normaliseTraceId(candidate: string): string | null {
  let hex: string;
  if (HEX_32.test(candidate)) hex = candidate.toLowerCase();
  else if (HEX_16.test(candidate)) hex = `0000000000000000${candidate.toLowerCase()}`;
  else if (UUID.test(candidate)) hex = candidate.replaceAll('-', '').toLowerCase();
  else return null;
  return hex === ZERO_TRACE ? null : hex;
}

function normaliseSpanId(candidate: string | undefined): string | null {
  if (candidate === undefined || !HEX_16.test(candidate)) return null;
  const hex = candidate.toLowerCase();
  return hex === ZERO_SPAN ? null : hex;
}

export function extractTraceContextFromText(text: string): TraceContext | null {
  // Cheap pre-check: most lines never mention a trace; one short scan beats the full patterns.
  if (text.length < 25 || !MENTIONS_TRACE.test(text)) return null;
  const parent = TRACEPARENT.exec(text);
  if (parent?.[1] !== undefined) {
    const traceId = normaliseTraceId(parent[1]);
    if (traceId !== null) return { traceId, spanId: normaliseSpanId(parent[2]) };
  }
  const match = TRACE_ID.exec(text);
  if (match?.[1] === undefined) return null;
  const traceId = normaliseTraceId(match[1]);
  if (traceId === null) return null;
  return { traceId, spanId: normaliseSpanId(SPAN_ID.exec(text)?.[1]) };
}

export function extractTraceContextFromAttributes(attributes: Attributes): TraceContext | null {
  for (const key of TRACE_KEYS) {
    const value = attributes[key];
    if (typeof value !== 'string') continue;
    const traceId = normaliseTraceId(value.trim());
    if (traceId === null) continue;
    return { traceId, spanId: spanFromAttributes(attributes) };
  }
  const parent = attributes['traceparent'];
  return typeof parent === 'string' ? extractTraceContextFromText(`traceparent=${parent}`) : null;
}

function spanFromAttributes(attributes: Attributes): string | null {
  for (const key of SPAN_KEYS) {
    const value = attributes[key];
    if (typeof value === 'string') {
      const spanId = normaliseSpanId(value.trim());
      if (spanId !== null) return spanId;
    }
  }
  return null;
}

/** Attributes first (structured, so more trustworthy), then the text. */
export function extractTraceContext(text: string, attributes: Attributes): TraceContext | null {
  return extractTraceContextFromAttributes(attributes) ?? extractTraceContextFromText(text);
}
