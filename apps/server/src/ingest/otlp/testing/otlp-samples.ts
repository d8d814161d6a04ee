import type { OtlpSignal } from '../decode-otlp';
import { otlpTypes } from '../proto/otlp-root';

/**
 * Small factories for OTLP export requests in the JSON shape of the OTLP/HTTP spec (hex ids,
 * integer enums, int64 as strings), plus their protobuf encoding through our own message types.
 */
export const TRACE_ID = '5b8efff798038103d269b633813fc60c';
export const SPAN_ID = 'eee19b7ec3c1b174';
export const PARENT_SPAN_ID = 'eee19b7ec3c1b173';
export const BASE_NS = 1_700_000_000_123_000_000n;

const ns = (offsetMs: number): string => (BASE_NS + BigInt(offsetMs) * 1_000_000n).toString();

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

const kv = (key: string, value: JsonObject): JsonObject => ({ key, value });

export const resource = (service = 'checkout'): JsonObject => ({
  attributes: [
    kv('service.name', { stringValue: service }),
    kv('host.name', { stringValue: 'node-1' }),
  ],
});

export function logRecordJson(i: number, overrides: JsonObject = {}): JsonObject {
  return {
    timeUnixNano: ns(i),
    observedTimeUnixNano: ns(i + 1),
    severityNumber: 17,
    severityText: 'ERROR',
    body: { stringValue: `payment ${i} failed` },
    attributes: [
      kv('http.status_code', { intValue: '500' }),
      kv('retry', { boolValue: true }),
      kv('ratio', { doubleValue: 0.5 }),
      kv('user', {
        kvlistValue: { values: [kv('id', { stringValue: 'u1' }), kv('tier', { intValue: 3 })] },
      }),
      kv('tags', { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '2' }] } }),
    ],
    traceId: TRACE_ID,
    spanId: SPAN_ID,
    ...overrides,
  };
}

export function spanJson(i: number, overrides: JsonObject = {}): JsonObject {
  return {
    traceId: TRACE_ID,
    spanId: `${SPAN_ID.slice(0, 14)}${(i % 256).toString(16).padStart(2, '0')}`,
    parentSpanId: PARENT_SPAN_ID,
    name: `GET /cart/${i}`,
    kind: 2,
    startTimeUnixNano: ns(i),
    endTimeUnixNano: ns(i + 25),
    attributes: [kv('http.route', { stringValue: '/cart/:id' })],
    events: [
      {
        timeUnixNano: ns(i + 5),
        name: 'exception',
        attributes: [
          kv('exception.type', { stringValue: 'TimeoutError' }),
          kv('exception.message', { stringValue: 'db timed out' }),
        ],
      },
    ],
    links: [],
    status: { code: 2, message: 'timeout' },
    ...overrides,
  };
}

export function metricsJson(): JsonObject[] {
  const point = (value: JsonObject): JsonObject => ({
    attributes: [kv('route', { stringValue: '/cart' })],
    startTimeUnixNano: ns(0),
    timeUnixNano: ns(1000),
    ...value,
  });
  return [
    { name: 'cpu.utilization', unit: '1', gauge: { dataPoints: [point({ asDouble: 0.75 })] } },
    {
      name: 'http.requests',
      unit: '{request}',
      sum: { aggregationTemporality: 2, isMonotonic: true, dataPoints: [point({ asInt: '42' })] },
    },
    {
      name: 'http.duration',
      unit: 'ms',
      histogram: {
        aggregationTemporality: 2,
        dataPoints: [
          point({
            count: '4',
            sum: 100,
            min: 5,
            max: 60,
            bucketCounts: ['1', '2', '1'],
            explicitBounds: [10, 50],
          }),
        ],
      },
    },
    {
      name: 'queue.latency',
      unit: 's',
      summary: {
        dataPoints: [
          point({
            count: '10',
            sum: 5,
            quantileValues: [
              { quantile: 0.5, value: 0.4 },
              { quantile: 0.99, value: 1.2 },
            ],
          }),
        ],
      },
    },
  ];
}

export function requestJson(
  signal: OtlpSignal,
  items: JsonValue[],
  service = 'checkout',
): JsonObject {
  if (signal === 'logs')
    return {
      resourceLogs: [
        { resource: resource(service), scopeLogs: [{ scope: { name: 'app' }, logRecords: items }] },
      ],
    };
  if (signal === 'traces')
    return {
      resourceSpans: [
        { resource: resource(service), scopeSpans: [{ scope: { name: 'app' }, spans: items }] },
      ],
    };
  return {
    resourceMetrics: [
      { resource: resource(service), scopeMetrics: [{ scope: { name: 'app' }, metrics: items }] },
    ],
  };
}

export function sampleJson(signal: OtlpSignal, count = 3): JsonObject {
  if (signal === 'metrics') return requestJson(signal, metricsJson());
  const make = signal === 'logs' ? logRecordJson : spanJson;
  return requestJson(
    signal,
    Array.from({ length: count }, (_, i) => make(i)),
  );
}

const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** JSON's hex ids become bytes for protobufjs; everything else converts as protobufjs's fromObject reads it. */
function forProtobuf(value: JsonValue, key = ''): unknown {
  if (typeof value === 'string' && ID_KEYS.has(key)) return Buffer.from(value, 'hex');
  if (Array.isArray(value)) return value.map((item) => forProtobuf(item));
  if (value !== null && typeof value === 'object') return objectForProtobuf(value);
  return value;
}

function objectForProtobuf(value: JsonObject): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forProtobuf(v, k)]));
}

const REQUEST = {
  logs: otlpTypes.logsRequest,
  traces: otlpTypes.tracesRequest,
  metrics: otlpTypes.metricsRequest,
} as const;

export function encodeProtobuf(signal: OtlpSignal, request: JsonObject): Buffer {
  const type = REQUEST[signal];
  const message = type.fromObject(objectForProtobuf(request));
  return Buffer.from(type.encode(message).finish());
}

export const jsonBody = (request: JsonValue): Buffer => Buffer.from(JSON.stringify(request));
