import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Anomaly, AuditEntry, envelope, listEnvelope } from '@vigil/contract';
import { createTestApp, type TestApp } from '../../testing/test-app';

const AnomalyPage = listEnvelope(z.object({ anomalies: z.array(Anomaly) }));

interface Line {
  body: string;
  severity?: number;
  traceId?: string;
}

function otlpLogs(component: string, lines: Line[], startMs: number): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: {
          attributes: [
            { key: 'service.name', value: { stringValue: component } },
            { key: 'deployment.environment', value: { stringValue: 'staging' } },
          ],
        },
        scopeLogs: [
          {
            logRecords: lines.map((line, i) => ({
              timeUnixNano: String(BigInt(startMs + i * 100) * 1_000_000n),
              severityNumber: line.severity ?? 9,
              body: { stringValue: line.body },
              ...(line.traceId ? { traceId: line.traceId } : {}),
            })),
          },
        ],
      },
    ],
  });
}

/** Normal traffic: a handful of templates with varying values, as a healthy service logs. */
function normalTraffic(count: number): Line[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 4;
    if (kind === 0) return { body: `GET /api/orders/${1000 + i} 200 in ${10 + (i % 7)} ms` };
    if (kind === 1) return { body: `user ${i % 50} added item ${i % 13} to cart` };
    if (kind === 2) return { body: `cache hit ratio ${(0.9 + (i % 5) / 100).toFixed(2)}` };
    return { body: `processed batch ${i} with ${i % 20} records` };
  });
}

describe('anomaly detector through the real ingest path', () => {
  let app: TestApp;
  afterEach(() => app.dispose());

  async function ingest(component: string, lines: Line[], startMs: number): Promise<void> {
    const response = await app.http.inject({
      method: 'POST',
      url: '/v1/logs',
      headers: { 'content-type': 'application/json' },
      payload: otlpLogs(component, lines, startMs),
    });
    expect(response.statusCode).toBe(200);
    await app.bus.drain();
  }

  it('stores an anomaly for a failure in steady traffic, with the spec blocks, and audits it', async () => {
    app = await createTestApp();
    const t0 = app.clock.now() - 3_600_000;
    await ingest('orders', normalTraffic(400), t0);
    const before = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json(),
    ).total_items;
    await ingest(
      'orders',
      [
        {
          body: 'FATAL could not connect to database: connection refused after 3 retries',
          severity: 21,
          traceId: 'ab'.repeat(16),
        },
      ],
      t0 + 400 * 100,
    );
    const page = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json(),
    );
    expect(page.total_items).toBe(before + 1);
    const anomaly = page.data.anomalies[0];
    expect(anomaly).toMatchObject({
      description: 'FATAL could not connect to database: connection refused after 3 retries',
      source_system: 'orders',
      status: 'open',
      display_meta: { env: 'staging', layer: 'backend' },
      context: { component: 'orders', trace_id: 'ab'.repeat(16), log_level: 'FATAL' },
    });
    expect(['high', 'critical']).toContain(anomaly?.severity);
    expect(anomaly?.detection.reason.length).toBeGreaterThan(0);
    expect(Object.keys(anomaly?.detection.individual_scores ?? {}).length).toBeGreaterThanOrEqual(
      5,
    );
    const trail = (
      await app.http.inject({ method: 'GET', url: '/api/audit/trail?event_type=anomaly_detected' })
    ).json();
    const entries = z.array(AuditEntry).parse(trail.data.audit_entries);
    expect(entries.some((entry) => entry.anomaly_event_id === anomaly?.id)).toBe(true);
  });

  it('stores a redelivered request once (ids follow the record)', async () => {
    app = await createTestApp();
    const t0 = app.clock.now() - 60_000;
    const failure = [
      { body: 'ERROR disk full: no space left on device /var/lib/data', severity: 17 },
    ];
    await ingest('storage', normalTraffic(50), t0 - 10_000);
    await ingest('storage', failure, t0);
    const first = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json(),
    ).total_items;
    await ingest('storage', failure, t0);
    const second = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json(),
    ).total_items;
    expect(second).toBe(first);
  });

  it('a template marked false positive stops firing, and the verdict is audited', async () => {
    app = await createTestApp();
    const t0 = app.clock.now() - 3_600_000;
    await ingest('billing', normalTraffic(200), t0);
    const failing = (n: number): Line[] => [
      { body: `ERROR invoice ${n} rejected: upstream timeout`, severity: 17 },
    ];
    await ingest('billing', failing(1), t0 + 30_000);
    const page = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json(),
    );
    const flagged = page.data.anomalies.find((a) => a.description.includes('invoice 1 rejected'));
    expect(flagged).toBeDefined();
    const feedback = await app.http.inject({
      method: 'POST',
      url: `/api/anomalies/${flagged?.id}/feedback`,
      payload: { verdict: 'false_positive', by: 'alice' },
    });
    expect(feedback.statusCode).toBe(200);
    expect(envelope(Anomaly).parse(feedback.json()).data.status).toBe('false_positive');
    await app.bus.drain();
    const count = async () =>
      AnomalyPage.parse((await app.http.inject({ method: 'GET', url: '/api/anomalies' })).json())
        .total_items;
    const before = await count();
    await ingest('billing', failing(2), t0 + 60_000);
    expect(await count()).toBe(before);
    const trail = (
      await app.http.inject({ method: 'GET', url: '/api/audit/trail?event_type=anomaly_feedback' })
    ).json();
    expect(trail.data.audit_entries[0].triggered_by).toBe('alice');
  });

  it('refuses feedback with a bad verdict or an unknown id', async () => {
    app = await createTestApp();
    const bad = await app.http.inject({
      method: 'POST',
      url: '/api/anomalies/x/feedback',
      payload: { verdict: 'meh' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await app.http.inject({
      method: 'POST',
      url: '/api/anomalies/nope/feedback',
      payload: { verdict: 'confirmed' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps templates and model state across a restart', async () => {
    app = await createTestApp();
    const t0 = app.clock.now() - 3_600_000;
    await ingest('search', normalTraffic(100), t0);
    for (const agent of app.agents) await agent.stop();
    const rows = await app.store.templates.listByComponent('search');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(await app.store.agentState.get('anomaly_detector.ensemble')).not.toBeNull();
  });
});
