import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutateBody } from '../../ingest/otlp/testing/mutate-body';
import { createTestApp, type TestApp } from '../../testing/test-app';

const BODIES = 10_000;

/** Hostile OTLP bodies through the real route and pipeline: never a 500, never a crash. */
describe('OTLP/HTTP fuzz', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ maxQueuedRecords: 10_000_000 });
  });
  afterAll(() => app.dispose());

  it(`answers ${BODIES} mutated bodies without a single 5xx and stays alive`, async () => {
    const statuses = new Map<number, number>();
    for (let seed = 1; seed <= BODIES; seed += 1) {
      const mutated = mutateBody(seed);
      const gzip = seed % 7 === 0;
      const response = await app.http.inject({
        method: 'POST',
        url: `/v1/${mutated.signal}`,
        headers: {
          'content-type': mutated.contentType,
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        },
        payload: gzip ? gzipSync(mutated.body) : mutated.body,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500)
        throw new Error(`seed ${seed} (${mutated.mutation}) answered ${response.statusCode}`);
      if (seed % 500 === 0) await app.bus.drain();
    }
    await app.bus.drain();
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    const health = await app.http.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(app.health.anomaly_detector?.snapshot(app.clock.now(), 0).lastError).toBeNull();
  }, 300_000);
});
