import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTraceStoreClient, type TraceStoreConfig } from './trace-store-client';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const T0 = Date.UTC(2026, 2, 1, 12);
const us = (ms: number): number => ms * 1_000;

/** A Jaeger query API answer: checkout calls orders-db, which fails. */
function jaegerTrace(traceId: string, startMs: number): unknown {
  return {
    data: [
      {
        traceID: traceId,
        processes: { p1: { serviceName: 'checkout' }, p2: { serviceName: 'orders-db' } },
        spans: [
          {
            traceID: traceId,
            spanID: 'a1',
            operationName: 'POST /checkout',
            startTime: us(startMs),
            duration: us(40),
            processID: 'p1',
            tags: [{ key: 'http.status_code', type: 'int64', value: 503 }],
            logs: [
              {
                timestamp: us(startMs + 35),
                fields: [
                  { key: 'event', value: 'error' },
                  { key: 'message', value: 'upstream orders-db refused the connection' },
                ],
              },
            ],
          },
          {
            traceID: traceId,
            spanID: 'b2',
            operationName: 'SELECT orders',
            startTime: us(startMs + 5),
            duration: us(20),
            processID: 'p2',
            tags: [
              { key: 'otel.status_code', type: 'string', value: 'ERROR' },
              { key: 'exception.message', type: 'string', value: 'too many connections' },
            ],
          },
        ],
      },
    ],
  };
}

type Handler = (url: string, response: ServerResponse) => void;

async function startJaeger(
  handler: Handler,
): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, hits };
}

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('trace store client (Jaeger query API)', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  const client = (config: Partial<TraceStoreConfig>, now = T0 + 600_000) => {
    const errors: string[] = [];
    const c = createTraceStoreClient({
      config: () => ({
        baseUrl: '',
        timeoutSeconds: 2,
        maxRetries: 2,
        freshnessSeconds: 120,
        ...config,
      }),
      now: () => now,
      sleep: async () => undefined,
      onError: (_id, error) => errors.push(String(error)),
    });
    return { c, errors };
  };

  it('turns span logs and failed spans into log lines of their services', async () => {
    const jaeger = await startJaeger((_url, res) => json(res, 200, jaegerTrace(TRACE, T0)));
    servers.push(jaeger.server);
    const trace = await client({ baseUrl: jaeger.url }).c.lookup(TRACE);
    expect(jaeger.hits).toEqual([`/api/traces/${TRACE}`]);
    expect(trace?.logs.map((l) => [l.component, l.level, l.message])).toEqual([
      ['orders-db', 'ERROR', 'SELECT orders failed: too many connections'],
      ['checkout', 'ERROR', 'upstream orders-db refused the connection'],
    ]);
    expect(trace?.logs[0]).toMatchObject({ traceId: TRACE, time: T0 + 5 });
    expect(trace?.newestMs).toBe(T0 + 40);
  });

  it('caches a complete trace, and asks again for one younger than the freshness threshold', async () => {
    const jaeger = await startJaeger((_url, res) => json(res, 200, jaegerTrace(TRACE, T0)));
    servers.push(jaeger.server);
    const old = client({ baseUrl: jaeger.url, freshnessSeconds: 120 }, T0 + 121_000).c;
    await old.lookup(TRACE);
    await old.lookup(TRACE);
    expect(jaeger.hits).toHaveLength(1);
    const fresh = client({ baseUrl: jaeger.url, freshnessSeconds: 120 }, T0 + 60_000).c;
    await fresh.lookup(TRACE);
    await fresh.lookup(TRACE);
    expect(jaeger.hits).toHaveLength(3);
  });

  it('retries 5xx up to max_retries, then gives up with the reason', async () => {
    let calls = 0;
    const jaeger = await startJaeger((_url, res) => {
      calls += 1;
      if (calls < 3) return json(res, 503, { errors: ['busy'] });
      return json(res, 200, jaegerTrace(TRACE, T0));
    });
    servers.push(jaeger.server);
    expect(
      (await client({ baseUrl: jaeger.url, maxRetries: 2 }).c.lookup(TRACE))?.logs,
    ).toHaveLength(2);
    expect(calls).toBe(3);
    calls = 0;
    const { c, errors } = client({ baseUrl: jaeger.url, maxRetries: 1 });
    expect(await c.lookup(TRACE)).toBeNull();
    expect(calls).toBe(2);
    expect(errors).toEqual(['Error: trace store answered HTTP 503']);
  });

  it('bounds each call by the timeout', async () => {
    const jaeger = await startJaeger(() => undefined);
    servers.push(jaeger.server);
    const { c, errors } = client({ baseUrl: jaeger.url, timeoutSeconds: 1, maxRetries: 0 });
    expect(await c.lookup(TRACE)).toBeNull();
    expect(errors[0]).toMatch(/timeout|aborted/i);
  });

  it('does nothing while base_url is empty, and treats 404 as an unknown trace', async () => {
    const jaeger = await startJaeger((_url, res) =>
      json(res, 404, { errors: ['trace not found'] }),
    );
    servers.push(jaeger.server);
    expect(await client({ baseUrl: '' }).c.lookup(TRACE)).toBeNull();
    expect(jaeger.hits).toEqual([]);
    const { c, errors } = client({ baseUrl: jaeger.url });
    expect(await c.lookup(TRACE)).toBeNull();
    expect(errors).toEqual([]);
    expect(await c.lookup('not-a-trace-id')).toBeNull();
    expect(jaeger.hits).toHaveLength(1);
  });
});
