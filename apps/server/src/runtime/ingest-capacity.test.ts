import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { otlpLogs } from './testing/otlp-logs';

describe('OTLP ingest beyond its capacity in requests', () => {
  let app: TestApp;
  let base = '';
  beforeAll(async () => {
    app = await createTestApp({ maxConcurrentIngestRequests: 2 });
    base = await app.http.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.dispose());

  /** Starts a request and sends its headers, keeping the body open until `end` is called. */
  function openRequest(): { end: (body: string) => void; status: Promise<number> } {
    const url = new URL('/v1/logs', base);
    let req: ClientRequest | null = null;
    const status = new Promise<number>((resolve, reject) => {
      req = httpRequest(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    return { end: (body) => req?.end(body), status };
  }

  it('answers 429 with Retry-After past the limit, and accepts again once requests finish', async () => {
    const body = otlpLogs('checkout', [{ body: 'order placed', severity: 9 }], app.clock.now());
    const slow = [openRequest(), openRequest()];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await fetch(`${base}/v1/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 8 });

    for (const request of slow) request.end(body);
    expect(await Promise.all(slow.map((request) => request.status))).toEqual([200, 200]);
    const accepted = await fetch(`${base}/v1/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(accepted.status).toBe(200);
  });
});
