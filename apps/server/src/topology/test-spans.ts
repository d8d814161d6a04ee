import type { Attributes, MetricPoint, Span } from '../ingest/records';
import { SpanKind } from '../ingest/records';

/** Small factories for topology tests: a span, a call between two services, a metric point. */
let nextId = 1;
const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

export function spanId(): string {
  nextId += 1;
  return hex(nextId, 16);
}

export function makeSpan(overrides: Partial<Span> & { component: string }): Span {
  const start = overrides.startTime ?? Date.UTC(2026, 2, 1, 11, 59, 0);
  return {
    traceId: hex(1, 32),
    spanId: spanId(),
    parentSpanId: null,
    name: 'op',
    kind: SpanKind.SERVER,
    startTime: start,
    endTime: start + 10,
    statusCode: 0,
    statusMessage: '',
    resource: { 'service.name': overrides.component },
    attributes: {},
    ...overrides,
  };
}

export interface CallOptions {
  at: number;
  ms: number;
  error?: boolean;
  attributes?: Attributes;
}

/** A CLIENT span in `from` and the SERVER span it caused in `to` (child of the client span). */
export function makeCall(
  from: string,
  to: string,
  parentSpanId: string | null,
  options: CallOptions,
): [Span, Span] {
  const client = makeSpan({
    component: from,
    kind: SpanKind.CLIENT,
    parentSpanId,
    startTime: options.at,
    endTime: options.at + options.ms + 1,
    attributes: { 'server.address': to, ...options.attributes },
  });
  const server = makeSpan({
    component: to,
    kind: SpanKind.SERVER,
    parentSpanId: client.spanId,
    startTime: options.at,
    endTime: options.at + options.ms,
    statusCode: options.error ? 2 : 0,
  });
  return [client, server];
}

export function makeMetric(
  component: string,
  name: string,
  value: number,
  time: number,
  attributes: Attributes = {},
  unit = '',
): MetricPoint {
  return {
    name,
    component,
    time,
    value,
    unit,
    resource: { 'service.name': component },
    attributes,
  };
}
