import { describe, expect, it } from 'vitest';
import { decodeOtlp } from './decode-otlp';
import {
  PARENT_SPAN_ID,
  TRACE_ID,
  type JsonObject,
  type JsonValue,
  encodeProtobuf,
  jsonBody,
  metricsJson,
  requestJson,
  sampleJson,
  spanJson,
} from './testing/otlp-samples';

const NOW = Date.UTC(2026, 0, 1);
const options = { now: () => NOW };

function ok<T>(
  result:
    | { ok: true; records: T[]; rejected: number; rejectionMessage: string | null }
    | { ok: false; message: string },
) {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return result;
}

describe('decodeOtlp traces', () => {
  it.each(['json', 'protobuf'] as const)('normalises a %s request', (encoding) => {
    const request = sampleJson('traces', 2);
    const body = encoding === 'json' ? jsonBody(request) : encodeProtobuf('traces', request);
    const { records, rejected } = ok(decodeOtlp('traces', body, encoding, options));
    expect(rejected).toBe(0);
    expect(records[1]).toEqual({
      traceId: TRACE_ID,
      spanId: 'eee19b7ec3c1b101',
      parentSpanId: PARENT_SPAN_ID,
      name: 'GET /cart/1',
      kind: 2,
      startTime: 1_700_000_000_124,
      endTime: 1_700_000_000_149,
      statusCode: 2,
      statusMessage: 'timeout',
      component: 'checkout',
      resource: { 'service.name': 'checkout', 'host.name': 'node-1' },
      attributes: {
        'http.route': '/cart/:id',
        'exception.type': 'TimeoutError',
        'exception.message': 'db timed out',
        'otel.scope.name': 'app',
      },
    });
  });

  it('accepts enum names and clamps unknown kinds, status codes and negative durations', () => {
    const spans = [
      spanJson(0, { kind: 'SPAN_KIND_CONSUMER', status: { code: 'STATUS_CODE_OK' } }),
      spanJson(1, { kind: 42, status: { code: 9 } }),
      spanJson(2, { endTimeUnixNano: '0', parentSpanId: '' }),
    ];
    const { records } = ok(
      decodeOtlp('traces', jsonBody(requestJson('traces', spans)), 'json', options),
    );
    expect(records.map((s) => [s.kind, s.statusCode])).toEqual([
      [5, 1],
      [0, 0],
      [2, 2],
    ]);
    expect(records[2]?.endTime).toBe(records[2]?.startTime);
    expect(records[2]?.parentSpanId).toBeNull();
  });

  it.each([
    [{ traceId: '' }, 'traceId'],
    [{ traceId: '0'.repeat(32) }, 'traceId'],
    [{ spanId: 'abc' }, 'spanId'],
    [{ parentSpanId: 'xyz' }, 'parentSpanId'],
    [{ startTimeUnixNano: '0' }, 'startTimeUnixNano'],
    [{ endTimeUnixNano: 'soon' }, 'endTimeUnixNano'],
    [{ attributes: { a: 1 } }, 'attributes'],
  ])('rejects a span with %j, keeps the others', (overrides, field) => {
    const body = jsonBody(requestJson('traces', [spanJson(0), spanJson(1, overrides)]));
    const result = ok(decodeOtlp('traces', body, 'json', options));
    expect(result.records).toHaveLength(1);
    expect(result.rejected).toBe(1);
    expect(result.rejectionMessage).toContain(`resourceSpans[0].scopeSpans[0].spans[1].${field}`);
    expect(result.rejectionMessage).toMatch(/^1 span rejected/);
  });
});

describe('decodeOtlp metrics', () => {
  it.each(['json', 'protobuf'] as const)(
    'turns every kind of %s metric into plain points',
    (encoding) => {
      const request = sampleJson('metrics');
      const body = encoding === 'json' ? jsonBody(request) : encodeProtobuf('metrics', request);
      const { records, rejected } = ok(decodeOtlp('metrics', body, encoding, options));
      expect(rejected).toBe(0);
      const values = records.map((p) => [p.name, p.value, p.unit]);
      expect(values).toEqual([
        ['cpu.utilization', 0.75, '1'],
        ['http.requests', 42, '{request}'],
        ['http.duration.count', 4, '1'],
        ['http.duration.sum', 100, 'ms'],
        ['http.duration.min', 5, 'ms'],
        ['http.duration.max', 60, 'ms'],
        ['queue.latency.count', 10, '1'],
        ['queue.latency.sum', 5, 's'],
        ['queue.latency', 0.4, 's'],
        ['queue.latency', 1.2, 's'],
      ]);
      expect(records[0]).toMatchObject({
        component: 'checkout',
        time: 1_700_000_001_123,
        attributes: { route: '/cart' },
      });
      expect(records.at(-1)?.attributes).toEqual({ route: '/cart', quantile: 0.99 });
    },
  );

  it('skips no-recorded-value and non-finite points without rejecting them', () => {
    const [gauge] = metricsJson();
    const values: JsonObject[] = [
      { asDouble: 'NaN' },
      { asDouble: 'Infinity' },
      { asDouble: 1, flags: 1 },
      { asDouble: '2.5' },
    ];
    const points = values.map((value): JsonObject => ({
      timeUnixNano: '1700000000000000000',
      ...value,
    }));
    const metric: JsonObject = { ...gauge, gauge: { dataPoints: points } };
    const result = ok(
      decodeOtlp('metrics', jsonBody(requestJson('metrics', [metric])), 'json', options),
    );
    expect(result.records.map((p) => p.value)).toEqual([2.5]);
    expect(result.rejected).toBe(0);
  });

  it('rejects bad points individually and counts a nameless metric by its points', () => {
    const points: JsonValue[] = [
      { asDouble: 1, timeUnixNano: 'x' },
      { timeUnixNano: '1' },
      'nope',
      { asInt: '7', timeUnixNano: '0' },
    ];
    const metrics: JsonObject[] = [
      { name: 'a', gauge: { dataPoints: points } },
      { name: '', sum: { dataPoints: [{ asInt: 1 }, { asInt: 2 }] } },
      { name: 'h', histogram: { dataPoints: [{ count: 'many' }] } },
      { name: 'empty' },
    ];
    const result = ok(
      decodeOtlp('metrics', jsonBody(requestJson('metrics', metrics)), 'json', options),
    );
    expect(result.records.map((p) => [p.name, p.value, p.time])).toEqual([['a', 7, NOW]]);
    expect(result.rejected).toBe(6);
    expect(result.rejectionMessage).toMatch(
      /^6 data points rejected: resourceMetrics\[0\]\.scopeMetrics\[0\]\.metrics\[0\]\.gauge\.dataPoints\[0\]\.timeUnixNano/,
    );
  });

  it('rejects a metric whose dataPoints is not an array', () => {
    const result = decodeOtlp(
      'metrics',
      jsonBody(requestJson('metrics', [{ name: 'a', gauge: { dataPoints: 5 } }])),
      'json',
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.rejected).toBe(1);
  });
});
