import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogBatch } from '../../bus/record-batch';
import { createTestApp, type TestApp } from '../../testing/test-app';

const traceId = '5b8efff798038103d269b633813fc60c';

function logsBody(messages: string[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'checkout' } }] },
        scopeLogs: [
          {
            scope: { name: 'test' },
            logRecords: messages.map((body, i) => ({
              timeUnixNano: String(BigInt(Date.UTC(2026, 2, 1, 11, 0, i)) * 1_000_000n),
              severityNumber: 17,
              body: { stringValue: body },
              traceId,
              spanId: 'eee19b7ec3c1b174',
              ...extra,
            })),
          },
        ],
      },
    ],
  });
}

describe('OTLP/HTTP ingest', () => {
  let app: TestApp;
  const received: LogBatch[] = [];
  beforeAll(async () => {
    app = await createTestApp({ otlpBodyLimitBytes: 1_000_000, maxQueuedRecords: 50 });
    app.bus.subscribe<LogBatch>('records.logs', 'test', (batch) => {
      received.push(batch);
    });
  });
  afterAll(() => app.dispose());

  const post = (payload: string | Buffer, headers: Record<string, string>, signal = 'logs') =>
    app.http.inject({ method: 'POST', url: `/v1/${signal}`, payload, headers });

  it('accepts JSON logs, answers an empty ExportLogsServiceResponse and publishes the records', async () => {
    const response = await post(logsBody(['payment failed', 'retrying']), {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({});
    await app.bus.drain();
    const records = received.flatMap((batch) => batch.records);
    expect(records.map((r) => r.body)).toEqual(['payment failed', 'retrying']);
    expect(records[0]).toMatchObject({ component: 'checkout', traceId, severityText: 'ERROR' });
  });

  it('accepts gzip bodies', async () => {
    const response = await post(gzipSync(logsBody(['zipped'])), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers partial success when some records are invalid', async () => {
    const response = await post(logsBody(['bad id'], { traceId: 'xyz' }), {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      partialSuccess: { rejectedLogRecords: string; errorMessage: string };
    };
    expect(body.partialSuccess.rejectedLogRecords).toBe('1');
    expect(body.partialSuccess.errorMessage.length).toBeGreaterThan(0);
  });

  it('answers 400 with a Status for an undecodable body', async () => {
    const response = await post('{not json', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 3 });
    const proto = await post(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]), {
      'content-type': 'application/x-protobuf',
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.headers['content-type']).toContain('application/x-protobuf');
  });

  it('answers 415 for other content types and encodings', async () => {
    expect((await post('x', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect(
      (
        await post(logsBody(['x']), {
          'content-type': 'application/json',
          'content-encoding': 'zstd',
        })
      ).statusCode,
    ).toBe(415);
  });

  it('answers 413 past the limit after decompression (a gzip bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(50_000_000));
    expect(bomb.length).toBeLessThan(1_000_000);
    const response = await post(bomb, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 with Retry-After when the pipeline is full', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const off = app.bus.subscribe<LogBatch>('records.logs', 'stuck', () => gate);
    const many = Array.from({ length: 60 }, (_, i) => `line ${i}`);
    expect((await post(logsBody(many), { 'content-type': 'application/json' })).statusCode).toBe(
      200,
    );
    const refused = await post(logsBody(['one more']), { 'content-type': 'application/json' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    release();
    off();
    await app.bus.drain();
    expect(
      (await post(logsBody(['after']), { 'content-type': 'application/json' })).statusCode,
    ).toBe(200);
  });
});
