import { afterEach, describe, expect, it } from 'vitest';
import type { Anomaly } from '@vigil/contract';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createBlockWriter, loadIncidentEvents } from './incident-events';

/** An anomaly outside any incident (no orchestrator_data), as small as the contract allows. */
function anomalyOf(id: string, time: number): Anomaly {
  const at = new Date(time).toISOString();
  return {
    id,
    description: `event ${id}`,
    severity: 'high',
    timestamp: at,
    type: 'log',
    score: 0.9,
    status: 'open',
    source_system: 'orders',
    assigned_to: null,
    tags: [],
    display_component: 'orders',
    display_meta: { env: 'prod', layer: 'backend' },
    orchestrator_data: null,
    remediation_data: null,
    rca_data: null,
    traceability_data: null,
    gemini_validation: null,
    detection: {
      confidence_score: 0.9,
      confidence_level: 'high',
      model_version: 't',
      processing_time: 0,
      reason: 'test',
      ensemble_votes: {},
      individual_scores: {},
    },
    context: {
      component: 'orders',
      log_level: 'ERROR',
      trace_id: null,
      span_id: null,
      source_agent: { name: 'test', version: '1' },
      log_message: `event ${id}`,
    },
  };
}

describe('incident events', () => {
  let app: TestApp;
  afterEach(() => app.dispose());

  it('always loads the primary event; writes an unchanged block only to events that lack it', async () => {
    app = await createTestApp();
    const incident = await app.store.incidents.create({
      openedAt: 0,
      rootComponent: null,
      traceId: null,
    });
    const base = Date.UTC(2026, 2, 1);
    const events = Array.from({ length: 6 }, (_, i) => anomalyOf(`e${i}`, base + i * 1_000));
    await app.store.anomalies.insertMany(
      events.map((anomaly) => ({ anomaly, columns: { templateId: null, createdAt: 0 } })),
    );
    await app.store.incidents.update(incident.id, { topEventId: 'e0' });
    // None of these events is filed under the incident, so only its top event comes back: the
    // primary is never left out, whatever the bound.
    const loaded = await loadIncidentEvents(app.store, incident.id, 3);
    expect(loaded.map((event) => event.id)).toEqual(['e0']);

    const writer = createBlockWriter(() => app.store);
    const block = { rca_data: null };
    expect(await writer.write(incident.id, events, block)).toBe(6);
    expect(await writer.write(incident.id, events, block)).toBe(0);
    expect(await writer.write(incident.id, [...events, anomalyOf('e9', base)], block)).toBe(1);
  });
});
