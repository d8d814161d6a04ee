import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Anomaly, envelope, IncidentStack, listEnvelope } from '@vigil/contract';
import type { AnalysisReadyMessage } from '../../bus/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { healthyLines, hex, otlpLogs, otlpSpans, request } from './test-shop';

/**
 * The end-to-end check: gateway → orders → orders-db over real OTLP ingest; the database
 * fails, its callers error with shared trace ids; one incident, explained and planned.
 */
const StackPage = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));
const AnomalyPage = listEnvelope(z.object({ anomalies: z.array(Anomaly) }));
const AnomalyBody = envelope(Anomaly);
const CreatedBody = z.object({ data: z.object({ id: z.string() }) });

describe('incident analysis end to end (traceability → RCA → remediation)', () => {
  let app: TestApp;
  afterEach(() => app.dispose());

  const post = async (url: string, payload: string): Promise<void> => {
    const response = await app.http.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
  };

  /** Healthy traffic, then orders-db fails and its callers error after it. */
  async function outage(traced: boolean): Promise<void> {
    const t0 = app.clock.now() - 20 * 60_000;
    // Healthy traffic first: the graph learns its edges and the detector its normal templates.
    await post(
      '/v1/traces',
      otlpSpans(Array.from({ length: 30 }, (_, i) => request(i, t0 + i * 1_000, false)).flat()),
    );
    for (const service of ['gateway', 'orders', 'orders-db'])
      await post('/v1/logs', otlpLogs(service, healthyLines(service, t0, 300)));
    await app.bus.drain();

    const tf = t0 + 10 * 60_000;
    const failing = [0, 1, 2, 3, 4].map((k) => ({ n: 100 + k, at: tf + k * 2_000 }));
    await post('/v1/traces', otlpSpans(failing.flatMap(({ n, at }) => request(n, at, true))));
    // Without trace ids the logs still come from the same requests (their spans keep theirs).
    const trace = (n: number) => (traced ? { traceId: hex(0xabc000 + n, 32) } : {});
    await post(
      '/v1/logs',
      otlpLogs(
        'orders-db',
        failing.map(({ n, at }, k) => ({
          service: 'orders-db',
          at: at + 4,
          severity: 17,
          ...trace(n),
          body:
            k % 2 === 0
              ? 'FATAL: sorry, too many clients already'
              : 'could not accept connection: connection refused',
        })),
      ),
    );
    await post(
      '/v1/logs',
      otlpLogs(
        'orders',
        failing.map(({ n, at }) => ({
          service: 'orders',
          at: at + 6,
          severity: 17,
          ...trace(n),
          body: 'ERROR query failed: connection refused by orders-db (database unavailable)',
        })),
      ),
    );
    await post(
      '/v1/logs',
      otlpLogs(
        'gateway',
        failing.map(({ n, at }) => ({
          service: 'gateway',
          at: at + 8,
          severity: 17,
          ...trace(n),
          body: 'ERROR GET /api/orders answered 502: upstream orders failed',
        })),
      ),
    );
    await app.bus.drain();
    await app.bus.drain();
  }

  it('a failing database: one incident, root orders-db, correlated callers, evidence and the matching action', async () => {
    app = await createTestApp();
    const created = await app.http.inject({
      method: 'POST',
      url: '/api/executor/actions',
      payload: {
        name: 'Restart orders database',
        description: 'Restarts the orders PostgreSQL instance',
        template_command: { method: 'POST', url: 'https://ops.example.com/restart/orders-db' },
        tags: ['database', 'restart'],
        keywords: ['connection refused', 'database'],
      },
    });
    expect(created.statusCode).toBeLessThan(300);
    const unrelated = await app.http.inject({
      method: 'POST',
      url: '/api/executor/actions',
      payload: {
        name: 'Renew TLS certificate',
        template_command: { method: 'POST', url: 'https://ops.example.com/certs/renew' },
        tags: ['certificate', 'tls'],
        keywords: ['certificate expired'],
      },
    });
    expect(unrelated.statusCode).toBeLessThan(300);

    const announced: AnalysisReadyMessage[] = [];
    app.bus.subscribe<AnalysisReadyMessage>('analysis.ready', 'e2e', (m) => {
      announced.push(m);
    });
    await outage(true);

    const stacks = StackPage.parse(
      (
        await app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })
      ).json(),
    );
    expect(stacks.data.anomalies).toHaveLength(1);
    const incident = stacks.data.anomalies[0] as IncidentStack;
    expect(incident.root_component).toBe('orders-db');

    const events = AnomalyPage.parse(
      (
        await app.http.inject({
          method: 'GET',
          url: `/api/anomalies?incident_id=${incident.incident_id}`,
        })
      ).json(),
    ).data.anomalies;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      const full = AnomalyBody.parse(
        (await app.http.inject({ method: 'GET', url: `/api/anomalies/${event.id}` })).json(),
      ).data;
      expect(full.traceability_data).not.toBeNull();
      expect(full.rca_data?.root_component).toBe('orders-db');
      expect(full.remediation_data).not.toBeNull();
    }
    const top = AnomalyBody.parse(
      (
        await app.http.inject({ method: 'GET', url: `/api/anomalies/${incident.top_event_id}` })
      ).json(),
    ).data;

    const trace = top.traceability_data;
    expect(trace?.correlation_method).toBe('trace');
    const correlated = new Set(trace?.correlated_logs.map((log) => log.component));
    expect([...correlated].sort()).toEqual(['gateway', 'orders', 'orders-db']);
    expect(trace?.root_system_log).toMatchObject({ component: 'orders-db', is_root_cause: true });

    const rca = top.rca_data;
    expect(rca?.root_cause).toMatch(
      /^orders-db failing \(.+\) — (orders, gateway|gateway, orders) error after it$/,
    );
    expect(
      rca?.evidence.some(
        (e) => e.component === 'orders-db' && /too many clients|connection refused/.test(e.summary),
      ),
    ).toBe(true);
    expect(rca?.evidence.some((e) => e.kind === 'span' && e.component === 'orders-db')).toBe(true);
    expect(rca?.analysis_steps.length).toBeGreaterThan(2);

    const remediation = top.remediation_data;
    expect(remediation?.failure_kind).toMatch(/connection_pool_exhaustion|dependency_down/);
    expect(remediation?.remediation_steps.length).toBeGreaterThan(0);
    expect(remediation?.matched_actions[0]).toMatchObject({ name: 'Restart orders database' });
    expect(remediation?.matched_actions.some((a) => a.name === 'Renew TLS certificate')).toBe(
      false,
    );
    expect(remediation?.remediation_steps.join(' ')).toContain('Restart orders database');
    // The executor's input: the last remediation for the incident names the action and the primary event.
    const forExecutor = announced.filter((m) => m.stage === 'remediation').at(-1);
    expect(forExecutor).toMatchObject({
      incidentId: incident.incident_id,
      anomalyEventId: incident.top_event_id,
      matchedActions: [{ action_id: CreatedBody.parse(created.json()).data.id }],
    });
  });

  it('logs without trace ids: correlated by time and the dependency graph, and it says so', async () => {
    app = await createTestApp();
    await outage(false);
    const stacks = StackPage.parse(
      (
        await app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })
      ).json(),
    );
    expect(stacks.data.anomalies).toHaveLength(1);
    const incident = stacks.data.anomalies[0] as IncidentStack;
    const top = AnomalyBody.parse(
      (
        await app.http.inject({ method: 'GET', url: `/api/anomalies/${incident.top_event_id}` })
      ).json(),
    ).data;
    expect(top.traceability_data?.correlation_method).toBe('time_and_topology');
    expect(top.traceability_data?.correlated_logs.every((log) => log.trace_id === null)).toBe(true);
    expect(top.traceability_data?.root_system_log?.component).toBe('orders-db');
    expect(top.rca_data?.root_component).toBe('orders-db');
  });
});
