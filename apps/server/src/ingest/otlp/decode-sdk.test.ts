import { ROOT_CONTEXT, SpanKind as ApiSpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import {
  JsonLogsSerializer,
  JsonMetricsSerializer,
  JsonTraceSerializer,
  ProtobufLogsSerializer,
  ProtobufMetricsSerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  InMemoryLogRecordExporter,
  LoggerProvider,
  SimpleLogRecordProcessor,
} from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { type OtlpEncoding, decodeOtlp } from './decode-otlp';

/**
 * Bodies made by the official OpenTelemetry JS SDK serializers (the bytes its OTLP exporters
 * send), decoded by ours: proof that our hand-declared messages match the real protocol.
 */
const resource = resourceFromAttributes({
  'service.name': 'checkout',
  'deployment.environment': 'test',
});
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const ENCODINGS: readonly OtlpEncoding[] = ['protobuf', 'json'];

const toBuffer = (bytes: Uint8Array | undefined): Buffer => {
  if (bytes === undefined) throw new Error('the SDK serializer produced nothing');
  return Buffer.from(bytes);
};

async function sdkLogRecords() {
  const exporter = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({
    resource,
    processors: [new SimpleLogRecordProcessor({ exporter })],
  });
  const logger = provider.getLogger('payments', '1.2.3');
  const withSpan = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE_ID,
    spanId: SPAN_ID,
    traceFlags: 1,
  });
  logger.emit({
    body: 'card declined',
    severityNumber: SeverityNumber.ERROR,
    severityText: 'ERROR',
    timestamp: 1_700_000_000_999,
    attributes: {
      'http.status_code': 402,
      retry: false,
      ratio: 0.25,
      user: { id: 'u1', tags: ['a', 'b'] },
    },
    context: withSpan,
  });
  logger.emit({
    body: { code: 7, reason: 'busy' },
    severityNumber: SeverityNumber.WARN2,
    timestamp: 1_700_000_001_000,
  });
  await provider.forceFlush();
  return exporter.getFinishedLogRecords();
}

describe.each(ENCODINGS)('official SDK %s bodies', (encoding) => {
  it('logs: ids, times, severity, body and attributes survive', async () => {
    const records = await sdkLogRecords();
    const serializer = encoding === 'protobuf' ? ProtobufLogsSerializer : JsonLogsSerializer;
    const result = decodeOtlp('logs', toBuffer(serializer.serializeRequest(records)), encoding);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rejected).toBe(0);
    const [first, second] = result.records;
    expect(first).toMatchObject({
      time: 1_700_000_000_999,
      severityNumber: 17,
      severityText: 'ERROR',
      body: 'card declined',
      component: 'checkout',
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      resource: { 'service.name': 'checkout', 'deployment.environment': 'test' },
      attributes: {
        'http.status_code': 402,
        retry: false,
        ratio: 0.25,
        'user.id': 'u1',
        'user.tags': '["a","b"]',
        'otel.scope.name': 'payments',
      },
    });
    expect(second).toMatchObject({
      time: 1_700_000_001_000,
      severityNumber: 14,
      severityText: 'WARN2',
      body: '{"code":7,"reason":"busy"}',
      traceId: null,
    });
    expect(first?.observedTime).toBeGreaterThan(1_700_000_001_000);
  });

  it('traces: ids, parent, kind, times, status and the exception event survive', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      resource,
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('http');
    const parent = tracer.startSpan('GET /cart', {
      kind: ApiSpanKind.SERVER,
      startTime: 1_700_000_000_000,
    });
    const child = tracer.startSpan(
      'SELECT cart',
      {
        kind: ApiSpanKind.CLIENT,
        startTime: 1_700_000_000_010,
        attributes: { 'db.system': 'postgresql' },
      },
      trace.setSpan(ROOT_CONTEXT, parent),
    );
    child.recordException(new TypeError('connection reset'));
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'db down' });
    child.end(1_700_000_000_050);
    parent.end(1_700_000_000_100);
    const spans = exporter.getFinishedSpans();
    const serializer = encoding === 'protobuf' ? ProtobufTraceSerializer : JsonTraceSerializer;
    const result = decodeOtlp('traces', toBuffer(serializer.serializeRequest(spans)), encoding);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const byName = new Map(result.records.map((span) => [span.name, span]));
    const root = byName.get('GET /cart');
    const db = byName.get('SELECT cart');
    expect(root).toMatchObject({
      kind: 2,
      startTime: 1_700_000_000_000,
      endTime: 1_700_000_000_100,
      parentSpanId: null,
      statusCode: 0,
    });
    expect(root?.traceId).toBe(parent.spanContext().traceId);
    expect(root?.spanId).toBe(parent.spanContext().spanId);
    expect(db).toMatchObject({
      kind: 3,
      traceId: parent.spanContext().traceId,
      spanId: child.spanContext().spanId,
      parentSpanId: parent.spanContext().spanId,
      startTime: 1_700_000_000_010,
      endTime: 1_700_000_000_050,
      statusCode: 2,
      statusMessage: 'db down',
      component: 'checkout',
      attributes: {
        'db.system': 'postgresql',
        'exception.type': 'TypeError',
        'exception.message': 'connection reset',
      },
    });
  });

  it('metrics: sums, gauges and histograms survive', async () => {
    class Reader extends MetricReader {
      protected override async onForceFlush(): Promise<void> {}
      protected override async onShutdown(): Promise<void> {}
    }
    const reader = new Reader();
    const provider = new MeterProvider({ resource, readers: [reader] });
    const meter = provider.getMeter('runtime');
    meter.createCounter('http.requests', { unit: '{request}' }).add(3, { route: '/cart' });
    const histogram = meter.createHistogram('http.duration', { unit: 'ms' });
    for (const v of [5, 20, 60]) histogram.record(v);
    meter
      .createObservableGauge('cpu.utilization')
      .addCallback((result) => result.observe(0.75, { core: 1 }));
    meter.createUpDownCounter('queue.depth').add(-2);
    const { resourceMetrics } = await reader.collect();
    const serializer = encoding === 'protobuf' ? ProtobufMetricsSerializer : JsonMetricsSerializer;
    const result = decodeOtlp(
      'metrics',
      toBuffer(serializer.serializeRequest(resourceMetrics)),
      encoding,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const byName = new Map(result.records.map((point) => [point.name, point]));
    expect(byName.get('http.requests')).toMatchObject({
      value: 3,
      unit: '{request}',
      component: 'checkout',
      attributes: { route: '/cart' },
    });
    expect(byName.get('http.duration.count')?.value).toBe(3);
    expect(byName.get('http.duration.sum')).toMatchObject({ value: 85, unit: 'ms' });
    expect(byName.get('http.duration.min')?.value).toBe(5);
    expect(byName.get('http.duration.max')?.value).toBe(60);
    expect(byName.get('cpu.utilization')).toMatchObject({ value: 0.75, attributes: { core: 1 } });
    expect(byName.get('queue.depth')?.value).toBe(-2);
    for (const point of result.records) expect(point.time).toBeGreaterThan(1_700_000_000_000);
  });
});
