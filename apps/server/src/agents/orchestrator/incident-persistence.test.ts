import type { Severity } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import type { DetectedAnomaly } from '../../bus/messages';
import { createInProcessBus } from '../../bus/in-process-bus';
import { createFakeClock } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import type { Repositories } from '../../store/repositories';
import { anomalyColumns, makeAnomaly, T0 } from '../../store/test-factories';
import { TEST_STORE_KINDS, useTestStore } from '../../store/test-stores';
import { createIncidentBook } from './incident-book';
import { DEFAULT_ORCHESTRATOR_CONFIG } from './orchestrator-config';

/** A detected event, stored the way the detector stores it before announcing it. */
async function storedEvent(
  store: Store,
  component: string,
  severity: Severity = 'high',
): Promise<DetectedAnomaly> {
  const anomaly = makeAnomaly({ component, eventTime: T0, incidentId: null, severity });
  await store.anomalies.insertMany([{ anomaly, columns: anomalyColumns(T0, 't-db') }]);
  return {
    anomaly,
    componentMeta: {
      friendly_name: component,
      env: 'prod',
      namespace: 'shop',
      layer: 'backend',
      version: null,
    },
    templateId: 't-db',
    template: 'connection refused to <*>',
    recordId: anomaly.id,
  };
}

/** The store, except that inside transactions the nth next anomaly update fails (a crash there). */
function failingOnPlacement(store: Store): { store: Store; arm(nth?: number): void } {
  let countdown = 0;
  const wrap = (tx: Repositories): Repositories => ({
    ...tx,
    anomalies: {
      ...tx.anomalies,
      update: async (id, patch) => {
        if (countdown > 0 && --countdown === 0)
          throw new Error('process killed before the placement was written');
        return tx.anomalies.update(id, patch);
      },
    },
  });
  return {
    store: { ...store, transaction: (work) => store.transaction((tx) => work(wrap(tx))) },
    arm: (nth = 1) => {
      countdown = nth;
    },
  };
}

describe.each(TEST_STORE_KINDS)('%s store: opening an incident with its first event', (kind) => {
  const harness = useTestStore(kind);

  const bookOn = (store: Store) =>
    createIncidentBook({
      store,
      bus: createInProcessBus({ onHandlerError: () => undefined }),
      clock: createFakeClock(T0 + 1_000),
      config: () => DEFAULT_ORCHESTRATOR_CONFIG,
      dependsOn: () => false,
    });

  const incidentRows = async () =>
    (await harness().query<{ id: number | string }>('select id from incidents')).map((row) =>
      Number(row.id),
    );

  it('leaves nothing half-written when the placement fails, and the retry opens one incident', async () => {
    const { store } = harness();
    const item = await storedEvent(store, 'postgres');
    const failing = failingOnPlacement(store);
    const book = bookOn(failing.store);
    await book.restore();

    failing.arm();
    await expect(book.placeBatch([item])).rejects.toThrow(/killed before the placement/);
    expect(await incidentRows()).toEqual([]);
    expect((await store.anomalies.get(item.anomaly.id))?.orchestrator_data).toBeNull();
    // The detector re-announces it: stored, yet in no incident.
    expect(
      await store.anomalies.insertMany([
        { anomaly: item.anomaly, columns: anomalyColumns(T0, 't-db') },
      ]),
    ).toEqual([item.anomaly.id]);

    await book.placeBatch([item]);
    const [incidentId, ...others] = await incidentRows();
    expect(others).toEqual([]);
    const placed = await store.anomalies.get(item.anomaly.id);
    expect(placed?.orchestrator_data).toMatchObject({
      incident_id: incidentId,
      event_is_primary: true,
      detection_method: 'new_incident',
    });
    expect(await store.incidents.get(incidentId ?? 0)).toMatchObject({
      status: 'open',
      countTotal: 1,
      topEventId: item.anomaly.id,
      rootComponent: 'postgres',
    });

    // A restarted orchestrator restores that one incident, and a repeat of the event joins it.
    const restarted = bookOn(store);
    await restarted.restore();
    expect([...restarted.components()]).toEqual(['postgres']);
    await restarted.placeBatch([await storedEvent(store, 'postgres')]);
    expect(await incidentRows()).toEqual([incidentId]);
  });

  it('writes the details with the row, so a crash right after still restores the incident', async () => {
    const { store } = harness();
    const item = await storedEvent(store, 'orders');
    const book = bookOn(store);
    await book.restore();
    await book.placeBatch([item]);
    const [incidentId] = await incidentRows();
    const row = await store.incidents.get(incidentId ?? 0);
    expect(row?.details).toMatchObject({
      detection_method: 'new_incident',
      event_count: 1,
      primary: { anomalyId: item.anomaly.id },
    });
  });

  it('places a new primary and demotes the old one together, or neither', async () => {
    const { store } = harness();
    const first = await storedEvent(store, 'postgres', 'medium');
    const failing = failingOnPlacement(store);
    const book = bookOn(failing.store);
    await book.restore();
    await book.placeBatch([first]);
    const worse = await storedEvent(store, 'postgres', 'critical');

    failing.arm(2); // the event's block is written, then the demotion dies
    await expect(book.placeBatch([worse])).rejects.toThrow(/killed/);
    expect((await store.anomalies.get(worse.anomaly.id))?.orchestrator_data).toBeNull();
    expect((await store.anomalies.get(first.anomaly.id))?.orchestrator_data).toMatchObject({
      event_is_primary: true,
    });

    await book.placeBatch([worse]);
    const [incidentId, ...others] = await incidentRows();
    expect(others).toEqual([]);
    expect((await store.anomalies.get(worse.anomaly.id))?.orchestrator_data).toMatchObject({
      incident_id: incidentId,
      event_is_primary: true,
    });
    expect((await store.anomalies.get(first.anomaly.id))?.orchestrator_data).toMatchObject({
      event_is_primary: false,
    });
    expect(await store.incidents.get(incidentId ?? 0)).toMatchObject({
      countTotal: 2,
      topEventId: worse.anomaly.id,
    });
  });

  it('closes, at restore, an empty incident an older version left behind', async () => {
    const { store } = harness();
    const empty = await store.incidents.create({
      openedAt: T0,
      rootComponent: 'postgres',
      traceId: null,
    });
    const book = bookOn(store);
    await book.restore();
    expect(book.components().size).toBe(0);
    expect((await store.incidents.get(empty.id))?.status).toBe('closed');
    // The event it never received opens a fresh incident of its own.
    await book.placeBatch([await storedEvent(store, 'postgres')]);
    expect(await store.incidents.countOpen()).toBe(1);
    expect((await store.incidents.listOpen())[0]?.countTotal).toBe(1);
  });

  it('opens no incident for an event that was never stored', async () => {
    const { store } = harness();
    const book = bookOn(store);
    await book.restore();
    const ghost = await storedEvent(store, 'search');
    const unstored = { ...ghost, anomaly: makeAnomaly({ component: 'search', incidentId: null }) };
    await expect(book.placeBatch([unstored])).rejects.toThrow(/is not stored/);
    expect(await incidentRows()).toEqual([]);
  });
});
