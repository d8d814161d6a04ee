import { Anomaly } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  anomalyColumns,
  DAY,
  HOUR,
  makeAnomaly,
  makeIncidentInput,
  MINUTE,
  T0,
} from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

describe.each(TEST_STORE_KINDS)('%s store: anomalies', (kind) => {
  const harness = useTestStore(kind);

  const insertFlat = async (count: number) => {
    const anomalies = Array.from({ length: count }, (_, i) =>
      makeAnomaly({ eventTime: T0 - i * MINUTE }),
    );
    await harness().store.anomalies.insertMany(
      anomalies.map((anomaly) => ({ anomaly, columns: anomalyColumns() })),
    );
    return anomalies;
  };
  const list = (page: number, pageSize: number) =>
    harness().store.anomalies.list({ sinceMs: null, page, pageSize, includeSuppressed: true });

  it('round-trips every nested block of the document', async () => {
    const { store } = harness();
    const incident = await store.incidents.create(makeIncidentInput());
    const anomaly = makeAnomaly({ incidentId: incident.id });
    expect(Anomaly.safeParse(anomaly).success).toBe(true);
    await store.anomalies.insert(anomaly, anomalyColumns());

    const loaded = await store.anomalies.get(anomaly.id);
    expect(loaded).toEqual(anomaly);
    expect(loaded?.orchestrator_data?.data.component_meta).toEqual(
      anomaly.orchestrator_data?.data.component_meta,
    );
    expect(loaded?.detection.ensemble_votes).toEqual({
      rarity: true,
      burst: true,
      keywords: false,
    });
    expect(loaded?.traceability_data?.root_system_log?.is_root_cause).toBe(true);
    expect(loaded?.rca_data?.evidence[1]?.timestamp).toBeNull();
    expect(loaded?.remediation_data?.matched_actions[0]?.reasons).toEqual(['tag match: restart']);
    const { items } = await list(1, 10);
    expect(items).toEqual([anomaly]);
  });

  it('answers null for an unknown id', async () => {
    expect(await harness().store.anomalies.get('nope')).toBeNull();
    expect(await harness().store.anomalies.update('nope', { status: 'resolved' })).toBeNull();
  });

  it.each([
    { name: 'page past the end', page: 4, pageSize: 5, expected: 0 },
    { name: 'page size 1', page: 7, pageSize: 1, expected: 1 },
    { name: 'exact multiple, last page', page: 3, pageSize: 4, expected: 4 },
    { name: 'partial last page', page: 3, pageSize: 5, expected: 2 },
  ])('pages: $name', async ({ page, pageSize, expected }) => {
    const anomalies = await insertFlat(12);
    const result = await list(page, pageSize);
    expect(result.total).toBe(12);
    expect(result.items.map((a) => a.id)).toEqual(
      anomalies.slice((page - 1) * pageSize, (page - 1) * pageSize + expected).map((a) => a.id),
    );
  });

  it('lists newest first by event time, not by insertion order', async () => {
    const { store } = harness();
    const old = makeAnomaly({ eventTime: T0 - DAY });
    const recent = makeAnomaly({ eventTime: T0 });
    await store.anomalies.insert(recent, anomalyColumns(T0));
    await store.anomalies.insert(old, anomalyColumns(T0 + MINUTE));
    expect((await list(1, 10)).items.map((a) => a.id)).toEqual([recent.id, old.id]);
  });

  it.each([
    { filter: '1h', sinceMs: T0 - HOUR, expected: ['fresh'] },
    { filter: '24h', sinceMs: T0 - DAY, expected: ['fresh', 'yesterday'] },
    { filter: '7d', sinceMs: T0 - 7 * DAY, expected: ['fresh', 'yesterday', 'last-week'] },
    { filter: 'all', sinceMs: null, expected: ['fresh', 'yesterday', 'last-week', 'replayed'] },
  ])(
    'filters on event time: an old event replayed today is found by $filter as expected',
    async ({ sinceMs, expected }) => {
      const { store } = harness();
      const events = {
        fresh: T0 - 10 * MINUTE,
        yesterday: T0 - 20 * HOUR,
        'last-week': T0 - 6 * DAY,
        replayed: T0 - 90 * DAY,
      };
      // All were stored just now (created_at = T0); only their own timestamps differ.
      for (const [description, eventTime] of Object.entries(events)) {
        await store.anomalies.insert(makeAnomaly({ eventTime, description }), anomalyColumns(T0));
      }
      const result = await store.anomalies.list({
        sinceMs,
        page: 1,
        pageSize: 10,
        includeSuppressed: true,
      });
      expect(result.items.map((a) => a.description)).toEqual(expected);
      expect(result.total).toBe(expected.length);
      if (sinceMs !== null) expect(await store.anomalies.countSince(sinceMs)).toBe(expected.length);
    },
  );

  it('leaves suppressed events out when asked, and filters by incident', async () => {
    const { store } = harness();
    const first = await store.incidents.create(makeIncidentInput());
    const second = await store.incidents.create(makeIncidentInput());
    const primary = makeAnomaly({ incidentId: first.id, eventTime: T0 });
    const suppressed = makeAnomaly({ incidentId: first.id, isPrimary: false, eventTime: T0 + 1 });
    const other = makeAnomaly({ incidentId: second.id, eventTime: T0 + 2 });
    const loose = makeAnomaly({ eventTime: T0 + 3 });
    for (const anomaly of [primary, suppressed, other, loose])
      await store.anomalies.insert(anomaly, anomalyColumns());

    const primaries = await store.anomalies.list({
      sinceMs: null,
      page: 1,
      pageSize: 10,
      includeSuppressed: false,
    });
    expect(primaries.items.map((a) => a.id)).toEqual([loose.id, other.id, primary.id]);
    const ofFirst = await store.anomalies.list({
      sinceMs: null,
      page: 1,
      pageSize: 10,
      includeSuppressed: true,
      incidentId: first.id,
    });
    expect(ofFirst.items.map((a) => a.id)).toEqual([suppressed.id, primary.id]);
    expect(ofFirst.total).toBe(2);
  });

  it('merges a patch into the stored document and re-derives its columns', async () => {
    const { store } = harness();
    const anomaly = makeAnomaly({ severity: 'medium' });
    await store.anomalies.insert(anomaly, anomalyColumns());
    const rca = { ...anomaly.rca_data!, root_cause: 'connection pool too small' };
    const updated = await store.anomalies.update(anomaly.id, {
      status: 'resolved',
      severity: 'critical',
      rca_data: rca,
    });
    expect(updated).toEqual({
      ...anomaly,
      status: 'resolved',
      severity: 'critical',
      rca_data: rca,
    });
    expect(await store.anomalies.get(anomaly.id)).toEqual(updated);
    const [row] = await harness().query<{ severity: string; status: string }>(
      `select severity, status from anomalies where id = '${anomaly.id}'`,
    );
    expect(row).toEqual({ severity: 'critical', status: 'resolved' });
  });

  it('stores a redelivered anomaly once and counts it once', async () => {
    const { store } = harness();
    const incident = await store.incidents.create(makeIncidentInput());
    const anomaly = makeAnomaly({ incidentId: incident.id });
    const again = { ...anomaly, description: 'second copy' };
    await store.anomalies.insert(anomaly, anomalyColumns());
    const stored = await store.anomalies.insertMany([
      { anomaly: again, columns: anomalyColumns() },
      { anomaly: makeAnomaly({ id: 'fresh', incidentId: incident.id }), columns: anomalyColumns() },
      { anomaly: makeAnomaly({ id: 'fresh', incidentId: incident.id }), columns: anomalyColumns() },
    ]);
    expect(stored).toEqual(['fresh']);
    expect(await store.anomalies.get(anomaly.id)).toEqual(anomaly);
    expect((await list(1, 10)).total).toBe(2);
    expect(await store.incidents.get(incident.id)).toMatchObject({ countTotal: 2 });
  });

  it('announces again a redelivered anomaly that was stored but never placed in an incident', async () => {
    const { store } = harness();
    const incident = await store.incidents.create(makeIncidentInput());
    const unplaced = makeAnomaly({ id: 'unplaced' });
    const placed = makeAnomaly({ id: 'placed', incidentId: incident.id });
    await store.anomalies.insertMany([
      { anomaly: unplaced, columns: anomalyColumns() },
      { anomaly: placed, columns: anomalyColumns() },
    ]);
    const again = await store.anomalies.insertMany([
      { anomaly: unplaced, columns: anomalyColumns() },
      { anomaly: placed, columns: anomalyColumns() },
    ]);
    expect(again).toEqual(['unplaced']);
    expect((await list(1, 10)).total).toBe(2);
  });
});
