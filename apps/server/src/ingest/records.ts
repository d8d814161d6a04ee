/**
 * The one record shape every log, span and metric is normalised into before it reaches an agent.
 * Times are epoch milliseconds; ids are lowercase hex; attributes are flattened to scalars.
 */
export type AttributeValue = string | number | boolean | null;
export type Attributes = Record<string, AttributeValue>;

export interface LogRecord {
  /** Stable id: the same record redelivered keeps its id, so processing is idempotent. */
  id: string;
  /** The log's own time (event time). */
  time: number;
  observedTime: number;
  severityNumber: number;
  severityText: string;
  body: string;
  /** `service.name`, normalised. */
  component: string;
  resource: Attributes;
  attributes: Attributes;
  traceId: string | null;
  spanId: string | null;
}

export const SpanKind = {
  UNSPECIFIED: 0,
  INTERNAL: 1,
  SERVER: 2,
  CLIENT: 3,
  PRODUCER: 4,
  CONSUMER: 5,
} as const;
export type SpanKind = (typeof SpanKind)[keyof typeof SpanKind];

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: SpanKind;
  startTime: number;
  endTime: number;
  /** 0 unset, 1 ok, 2 error (OTLP status codes). */
  statusCode: 0 | 1 | 2;
  statusMessage: string;
  component: string;
  resource: Attributes;
  attributes: Attributes;
}

export interface MetricPoint {
  name: string;
  component: string;
  time: number;
  value: number;
  unit: string;
  resource: Attributes;
  attributes: Attributes;
}
