import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnomaliesDetected } from '../../bus/messages';
import { anomalyColumns, makeAnomaly } from '../../store/test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const TRACE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('traceability: traces missing from the window come from the configured trace store', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function openIncident(app: TestApp): Promise<string> {
    const anomaly = makeAnomaly({
      component: 'checkout',
      eventTime: app.clock.now() - 300_000,
      traceId: TRACE,
      incidentId: null,
    });
    await app.store.anomalies.insertMany([
      { anomaly, columns: anomalyColumns(app.clock.now(), 't-checkout') },
    ]);
    await app.bus.publish<AnomaliesDetected>('anomalies.detected', {
      items: [
        {
          anomaly,
          componentMeta: {
            friendly_name: 'checkout',
            env: 'prod',
            namespace: 'shop',
            layer: 'backend',
            version: null,
          },
          templateId: 't-checkout',
          template: 'checkout failed <*>',
          recordId: anomaly.id,
        },
      ],
    });
    for (let i = 0; i < 5; i += 1) await app.bus.drain();
    return anomaly.id;
  }

  it('uses otel.base_url from the settings for the next incident', async () => {
    const app = await createTestApp();
    const hits: string[] = [];
    const jaeger = createServer((request, response) => {
      hits.push(request.url ?? '');
      const start = (app.clock.now() - 300_000) * 1_000;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          data: [
            {
              traceID: TRACE,
              processes: { p1: { serviceName: 'orders-db' } },
              spans: [
                {
                  traceID: TRACE,
                  spanID: 's1',
                  operationName: 'SELECT orders',
                  startTime: start,
                  duration: 5_000,
                  processID: 'p1',
                  tags: [{ key: 'error', type: 'bool', value: true }],
                  logs: [
                    {
                      timestamp: start + 1_000,
                      fields: [
                        { key: 'event', value: 'error' },
                        { key: 'message', value: 'too many connections' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => jaeger.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      await app.dispose();
      await new Promise<void>((resolve) => jaeger.close(() => resolve()));
    });
    const { port } = jaeger.address() as AddressInfo;

    // Look-ups are off by default: the trace stays unknown.
    const before = await openIncident(app);
    expect(hits).toEqual([]);
    expect((await app.store.anomalies.get(before))?.traceability_data?.correlated_logs).toEqual([]);

    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/agents/traceability',
      payload: { 'otel.base_url': `http://127.0.0.1:${port}` },
    });
    expect(saved.statusCode).toBe(200);
    const after = await openIncident(app);
    expect(hits).toContain(`/api/traces/${TRACE}`);
    const data = (await app.store.anomalies.get(after))?.traceability_data;
    expect(data?.correlation_method).toBe('trace');
    expect(data?.correlated_logs).toEqual([
      expect.objectContaining({
        component: 'orders-db',
        message: 'too many connections',
        level: 'ERROR',
        trace_id: TRACE,
      }),
    ]);
    expect(data?.root_system_log).toMatchObject({ component: 'orders-db', is_root_cause: true });
  });

  it('takes at most trace_query_limit spans from the trace store for one incident, earliest first', async () => {
    const app = await createTestApp();
    const start = (app.clock.now() - 300_000) * 1_000;
    const jaeger = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          data: [
            {
              traceID: TRACE,
              processes: { p1: { serviceName: 'orders-db' } },
              // Listed latest first: the budget goes by start time, not by the store's order.
              spans: Array.from({ length: 130 }, (_, i) => 129 - i).map((i) => ({
                traceID: TRACE,
                spanID: `s${i}`,
                operationName: `query ${i}`,
                startTime: start + i * 1_000,
                duration: 500,
                processID: 'p1',
                tags: [{ key: 'error', type: 'bool', value: true }],
              })),
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => jaeger.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      await app.dispose();
      await new Promise<void>((resolve) => jaeger.close(() => resolve()));
    });
    const { port } = jaeger.address() as AddressInfo;
    const save = (changes: Record<string, unknown>) =>
      app.http.inject({
        method: 'PUT',
        url: '/api/settings/agents/traceability',
        payload: changes,
      });
    const correlated = async () =>
      (await app.store.anomalies.get(await openIncident(app)))?.traceability_data
        ?.correlated_logs ?? [];

    expect(
      (
        await save({
          'otel.base_url': `http://127.0.0.1:${port}`,
          'agents.traceability.trace_query_limit': 100,
        })
      ).statusCode,
    ).toBe(200);
    const capped = await correlated();
    expect(capped).toHaveLength(100);
    expect(capped[0]?.message).toBe('query 0 failed');
    expect(capped[99]?.message).toBe('query 99 failed');

    expect((await save({ 'agents.traceability.trace_query_limit': 120 })).statusCode).toBe(200);
    expect(await correlated()).toHaveLength(120);
  });
});
