import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Anomaly,
  AuditEntry,
  AuditStats,
  envelope,
  ErrorBody,
  IncidentStack,
  listEnvelope,
} from '@vigil/contract';
import {
  anomalyColumns,
  makeAnomaly,
  makeAuditInput,
  makeIncidentInput,
} from '../../store/test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const HOUR = 3_600_000;
const AnomalyPage = listEnvelope(z.object({ anomalies: z.array(Anomaly) }));
const StackPage = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));

describe('anomaly and audit reads', () => {
  let app: TestApp;
  let incidentId = 0;
  beforeAll(async () => {
    app = await createTestApp();
    const now = app.clock.now();
    const incident = await app.store.incidents.create(
      makeIncidentInput({ openedAt: now - 2 * HOUR }),
    );
    incidentId = incident.id;
    const events = [
      makeAnomaly({ eventTime: now - 2 * HOUR, incidentId, isPrimary: true }),
      makeAnomaly({ eventTime: now - 90 * 60_000, incidentId, isPrimary: false }),
      makeAnomaly({ eventTime: now - 10 * 60_000, incidentId: null }),
      // A replayed log from last year: found by `all`, by no window.
      makeAnomaly({ eventTime: now - 400 * 24 * HOUR, incidentId: null }),
    ];
    for (const anomaly of events) await app.store.anomalies.insert(anomaly, anomalyColumns(now));
    for (let i = 0; i < 30; i += 1) {
      await app.store.audit.append(
        makeAuditInput({
          timestamp: new Date(now - i * 60_000).toISOString(),
          type: i % 3 === 0 ? 'action_executed' : 'anomaly_detected',
          execution_status: i % 3 === 0 ? (i % 2 === 0 ? 'success' : 'failed') : null,
          description: i === 5 ? 'Disk full on storage-node' : `event ${i}`,
        }),
      );
    }
  });
  afterAll(() => app.dispose());

  const get = (url: string) => app.http.inject({ method: 'GET', url });

  it('lists anomalies newest first, filtered on event time', async () => {
    const all = AnomalyPage.parse((await get('/api/anomalies?time_filter=all')).json());
    expect(all.total_items).toBe(4);
    const times = all.data.anomalies.map((a) => Date.parse(a.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(AnomalyPage.parse((await get('/api/anomalies?time_filter=1h')).json()).total_items).toBe(
      1,
    );
    expect(AnomalyPage.parse((await get('/api/anomalies?time_filter=3m')).json()).total_items).toBe(
      3,
    );
  });

  it('pages with the list fields at the top level', async () => {
    const page2 = AnomalyPage.parse((await get('/api/anomalies?page=2&page_size=3')).json());
    expect(page2).toMatchObject({ page: 2, page_size: 3, total_items: 4, total_pages: 2 });
    expect(page2.data.anomalies).toHaveLength(1);
    const beyond = AnomalyPage.parse((await get('/api/anomalies?page=9&page_size=3')).json());
    expect(beyond.data.anomalies).toHaveLength(0);
  });

  it('groups by incident into incident stacks', async () => {
    const stacks = StackPage.parse((await get('/api/anomalies?group_by_incident=true')).json());
    const stack = stacks.data.anomalies.find((s) => s.incident_id === incidentId);
    expect(stack).toMatchObject({
      count_total: 2,
      count_suppressed: 1,
      top_event_is_primary: true,
    });
  });

  it('filters one incident with incident_id', async () => {
    const page = AnomalyPage.parse((await get(`/api/anomalies?incident_id=${incidentId}`)).json());
    expect(page.total_items).toBe(2);
    expect(page.data.anomalies.every((a) => a.orchestrator_data?.incident_id === incidentId)).toBe(
      true,
    );
  });

  it('gets one anomaly and answers unknown ids with 404', async () => {
    const list = AnomalyPage.parse((await get('/api/anomalies')).json());
    const first = list.data.anomalies[0];
    const one = envelope(Anomaly).parse((await get(`/api/anomalies/${first?.id}`)).json());
    expect(one.data).toEqual(first);
    const missing = await get('/api/anomalies/01NOPE');
    expect(missing.statusCode).toBe(404);
    expect(ErrorBody.parse(missing.json()).code).toBe('ANOMALY_NOT_FOUND');
  });

  it.each([
    ['/api/anomalies?time_filter=5y', 'time_filter'],
    ['/api/anomalies?page=0', 'page'],
    ['/api/anomalies?page_size=251', 'page_size'],
    ['/api/anomalies?group_by_incident=maybe', 'group_by_incident'],
    ['/api/audit/trail?page_size=10001', 'page_size'],
    ['/api/audit/trail?event_type=bogus', 'event_type'],
    ['/api/audit/trail?start_date=yesterday', 'start_date'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.errors?.map((issue) => issue.path)).toContain(field);
  });

  it('reads the audit trail with filters, search and the export page size', async () => {
    const Trail = envelope(
      z.object({
        audit_entries: z.array(AuditEntry),
        page: z.number(),
        page_size: z.number(),
        total_items: z.number(),
        total_pages: z.number(),
      }),
    );
    const all = Trail.parse((await get('/api/audit/trail?page_size=10000')).json());
    expect(all.data.audit_entries).toHaveLength(30);
    const executed = Trail.parse((await get('/api/audit/trail?event_type=action_executed')).json());
    expect(executed.data.total_items).toBe(10);
    const search = Trail.parse((await get('/api/audit/trail?search=DISK%20FULL')).json());
    expect(search.data.audit_entries.map((e) => e.description)).toEqual([
      'Disk full on storage-node',
    ]);
    const paged = Trail.parse((await get('/api/audit/trail?page=2&page_size=20')).json());
    expect(paged.data).toMatchObject({ page: 2, total_pages: 2, total_items: 30 });
    expect(paged.data.audit_entries).toHaveLength(10);
  });

  it('computes audit stats over a range', async () => {
    const stats = envelope(z.object({ stats: AuditStats })).parse(
      (await get('/api/audit/stats')).json(),
    ).data.stats;
    expect(stats.total_events).toBe(30);
    expect(stats.executions_count).toBe(10);
    expect(stats.success_rate).toBeCloseTo(5 / 10);
    const reversed = await get(
      '/api/audit/stats?start_date=2026-03-02T00:00:00Z&end_date=2026-03-01T00:00:00Z',
    );
    expect(reversed.statusCode).toBe(400);
  });
});
