import { IncidentStack } from '@vigil/contract';
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
import { TEST_STORE_KINDS, useTestStore, type TestStore } from './test-stores';

/** Opens an incident and stores its events; roles read 'P' (primary) or 'S' (suppressed). */
async function seedIncident(
  t: TestStore,
  roles: string,
  firstEventTime: number,
  createdAt: number,
) {
  const incident = await t.store.incidents.create(makeIncidentInput({ openedAt: firstEventTime }));
  const events = [...roles].map((role, i) =>
    makeAnomaly({
      incidentId: incident.id,
      isPrimary: role === 'P',
      eventTime: firstEventTime + i * MINUTE,
    }),
  );
  for (const [i, anomaly] of events.entries())
    await t.store.anomalies.insert(anomaly, anomalyColumns(createdAt + i));
  return { incident, events };
}

describe.each(TEST_STORE_KINDS)('%s store: incident stacks (grouped list)', (kind) => {
  const harness = useTestStore(kind);
  const stacks = (
    query: Partial<{
      sinceMs: number | null;
      page: number;
      pageSize: number;
      includeSuppressed: boolean;
    }> = {},
  ) =>
    harness().store.anomalies.listIncidentStacks({
      sinceMs: null,
      page: 1,
      pageSize: 50,
      includeSuppressed: true,
      ...query,
    });

  it('gives one row per incident, newest update first, topped by its primary event', async () => {
    const t = harness();
    const older = await seedIncident(t, 'PSS', T0 - 2 * HOUR, T0 - 2 * HOUR);
    const newer = await seedIncident(t, 'SPS', T0 - HOUR, T0 - HOUR);
    const { items, total } = await stacks();
    expect(total).toBe(2);
    expect(items.map((s) => s.incident_id)).toEqual([newer.incident.id, older.incident.id]);
    for (const item of items) expect(IncidentStack.safeParse(item).success).toBe(true);

    const [top] = items;
    // The first event was suppressed; the stack is topped by the primary that came after it.
    expect(top).toMatchObject({
      top_event_id: newer.events[1]?.id,
      top_event_is_primary: true,
      top_event_message: newer.events[1]?.description,
      top_event_severity: 'high',
      top_event_meta: { env: 'prod', layer: 'backend' },
      top_event_timestamp: new Date(T0 - HOUR + MINUTE).toISOString(),
      incident_status: 'open',
      count_total: 3,
      count_suppressed: 2,
      opened_at: new Date(T0 - HOUR).toISOString(),
    });
  });

  it('counts only primaries without suppressed events, and drops incidents that have none', async () => {
    const t = harness();
    const mixed = await seedIncident(t, 'PSPS', T0 - 3 * HOUR, T0 - 3 * HOUR);
    await seedIncident(t, 'SS', T0 - 2 * HOUR, T0 - 2 * HOUR);
    // Opened, but its first event is not stored yet: no stack to show.
    await seedIncident(t, '', T0 - HOUR, T0 - HOUR);
    const withAll = await stacks({ includeSuppressed: true });
    expect(withAll.total).toBe(2);
    const primariesOnly = await stacks({ includeSuppressed: false });
    expect(primariesOnly.total).toBe(1);
    expect(primariesOnly.items).toHaveLength(1);
    expect(primariesOnly.items[0]).toMatchObject({
      incident_id: mixed.incident.id,
      count_total: 2,
      count_suppressed: 0,
    });
    const windowed = await stacks({ includeSuppressed: false, sinceMs: T0 - 4 * HOUR });
    expect(windowed.items.map((s) => s.incident_id)).toEqual([mixed.incident.id]);
    expect(windowed.total).toBe(1);
    expect((await stacks({ includeSuppressed: true, sinceMs: T0 - 4 * HOUR })).total).toBe(2);
  });

  it('moves an incident up when a new event arrives', async () => {
    const t = harness();
    const first = await seedIncident(t, 'P', T0 - 2 * HOUR, T0 - 2 * HOUR);
    const second = await seedIncident(t, 'P', T0 - HOUR, T0 - HOUR);
    await t.store.anomalies.insert(
      makeAnomaly({ incidentId: first.incident.id, isPrimary: false, eventTime: T0 }),
      anomalyColumns(T0),
    );
    const { items } = await stacks();
    expect(items.map((s) => s.incident_id)).toEqual([first.incident.id, second.incident.id]);
    expect(items[0]).toMatchObject({
      count_total: 2,
      count_suppressed: 1,
      updated_at: new Date(T0).toISOString(),
    });
  });

  it('filters on the newest event time, so a replayed old incident stays under "all" only', async () => {
    const t = harness();
    const recent = await seedIncident(t, 'PS', T0 - 30 * MINUTE, T0);
    const replayed = await seedIncident(t, 'PS', T0 - 60 * DAY, T0);
    expect((await stacks({ sinceMs: T0 - HOUR })).items.map((s) => s.incident_id)).toEqual([
      recent.incident.id,
    ]);
    expect((await stacks({ sinceMs: T0 - HOUR })).total).toBe(1);
    const all = await stacks({ sinceMs: null });
    expect(all.items.map((s) => s.incident_id).sort()).toEqual(
      [recent.incident.id, replayed.incident.id].sort(),
    );
  });

  it.each([
    { name: 'page past the end', page: 3, pageSize: 5, expected: 0 },
    { name: 'page size 1', page: 4, pageSize: 1, expected: 1 },
    { name: 'exact multiple, last page', page: 2, pageSize: 5, expected: 5 },
    { name: 'back half, partial last page', page: 3, pageSize: 4, expected: 2 },
    { name: 'back half, page size 1', page: 9, pageSize: 1, expected: 1 },
  ])('pages: $name', async ({ page, pageSize, expected }) => {
    const t = harness();
    const seeded = [];
    for (let i = 0; i < 10; i += 1)
      seeded.push(await seedIncident(t, 'PS', T0 - i * HOUR, T0 - i * HOUR));
    const result = await stacks({ page, pageSize });
    expect(result.total).toBe(10);
    const start = (page - 1) * pageSize;
    expect(result.items.map((s) => s.incident_id)).toEqual(
      seeded.slice(start, start + expected).map((s) => s.incident.id),
    );
  });

  it('recounts both incidents when an event moves or changes role', async () => {
    const t = harness();
    const from = await seedIncident(t, 'PS', T0 - HOUR, T0 - HOUR);
    const to = await seedIncident(t, 'P', T0 - 2 * HOUR, T0 - 2 * HOUR);
    const moving = from.events[1];
    if (!moving || !moving.orchestrator_data) throw new Error('seed failed');
    await t.store.anomalies.update(moving.id, {
      orchestrator_data: {
        ...moving.orchestrator_data,
        incident_id: to.incident.id,
        event_is_primary: true,
      },
    });
    expect(await t.store.incidents.get(from.incident.id)).toMatchObject({
      countTotal: 1,
      countSuppressed: 0,
    });
    expect(await t.store.incidents.get(to.incident.id)).toMatchObject({
      countTotal: 2,
      countSuppressed: 0,
      topEventId: to.events[0]?.id,
      lastEventTime: T0 - HOUR + MINUTE,
    });
  });

  it('shows the incident status as the incidents table has it', async () => {
    const t = harness();
    const { incident } = await seedIncident(t, 'P', T0 - HOUR, T0 - HOUR);
    await t.store.incidents.close(incident.id, T0);
    const { items } = await stacks();
    expect(items[0]).toMatchObject({
      incident_status: 'closed',
      updated_at: new Date(T0).toISOString(),
    });
    expect(await t.store.incidents.countOpen()).toBe(0);
  });
});
