import { context, SpanKind, trace } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter as OtlpHttpJsonLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as OtlpProtoLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPTraceExporter as OtlpProtoTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  LoggerProvider,
  SimpleLogRecordProcessor,
  type LogRecordExporter,
} from '@opentelemetry/sdk-logs';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogBatch, SpanBatch } from '../../bus/record-batch';
import type { LogRecord, Span } from '../../ingest/records';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The official OpenTelemetry JS exporters, unchanged, against a real listening server. */
describe('OTLP/HTTP with the official OpenTelemetry SDK exporters', () => {
  let app: TestApp;
  let base = '';
  const logs: LogRecord[] = [];
  const spans: Span[] = [];
  beforeAll(async () => {
    app = await createTestApp();
    app.bus.subscribe<LogBatch>('records.logs', 'sdk-test', (batch) => {
      logs.push(...batch.records);
    });
    app.bus.subscribe<SpanBatch>('records.spans', 'sdk-test', (batch) => {
      spans.push(...batch.records);
    });
    base = await app.http.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.dispose());

  const resource = (name: string) =>
    resourceFromAttributes({ 'service.name': name, 'service.version': '2.1.0' });

  async function emitWith(exporter: LogRecordExporter, service: string): Promise<void> {
    const provider = new LoggerProvider({
      resource: resource(service),
      processors: [new SimpleLogRecordProcessor({ exporter })],
    });
    provider.getLogger('checkout').emit({
      body: `payment declined for order 42 (${service})`,
      severityNumber: SeverityNumber.ERROR,
      severityText: 'ERROR',
      attributes: { 'order.id': 42 },
    });
    await provider.forceFlush();
    await provider.shutdown();
    await app.bus.drain();
  }

  it.each([
    ['JSON', (url: string) => new OtlpHttpJsonLogExporter({ url })],
    ['protobuf', (url: string) => new OtlpProtoLogExporter({ url })],
  ])('receives logs from the %s exporter', async (kind, makeExporter) => {
    const service = `sdk-${kind.toLowerCase()}`;
    await emitWith(makeExporter(`${base}/v1/logs`), service);
    const record = logs.find((log) => log.component === service);
    expect(record).toMatchObject({
      body: `payment declined for order 42 (${service})`,
      severityNumber: 17,
      severityText: 'ERROR',
      attributes: { 'order.id': 42 },
    });
    expect(record?.resource['service.version']).toBe('2.1.0');
  });

  it('receives spans from the protobuf trace exporter with their parent links', async () => {
    const exporter = new OtlpProtoTraceExporter({ url: `${base}/v1/traces` });
    const provider = new BasicTracerProvider({
      resource: resource('gateway'),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('gateway');
    const parent = tracer.startSpan('GET /checkout');
    const child = tracer.startSpan(
      'call payments',
      { kind: SpanKind.CLIENT },
      trace.setSpan(context.active(), parent),
    );
    child.end();
    parent.end();
    await provider.forceFlush();
    await provider.shutdown();
    await app.bus.drain();
    const got = spans.filter((span) => span.component === 'gateway');
    expect(got).toHaveLength(2);
    const childSpan = got.find((span) => span.name === 'call payments');
    const parentSpan = got.find((span) => span.name === 'GET /checkout');
    expect(childSpan?.parentSpanId).toBe(parentSpan?.spanId);
    expect(childSpan?.traceId).toBe(parentSpan?.traceId);
    // OTLP numbers kinds differently from the JS API: CLIENT is 3 on the wire.
    expect(childSpan?.kind).toBe(3);
  });
});
