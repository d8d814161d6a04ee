import { describe, expect, it } from 'vitest';
import {
  anomalyCardView,
  anomalySystem,
  incidentStackView,
  shortTraceId,
  toListItems,
} from './anomaly-card-view';
import { makeAnomaly, makeOrchestratorData, makeStack } from './test-factories';

describe('anomalyCardView', () => {
  it('shows the log message without its leading timestamp, the friendly system and incident', () => {
    const card = anomalyCardView(makeAnomaly({ orchestrator_data: makeOrchestratorData() }));
    expect(card).toMatchObject({
      anomalyId: 'a-1',
      incidentId: 7,
      incidentStatus: 'open',
      suppressed: false,
      message: 'connection refused',
      system: 'Orders Database',
      traceId: '0123456789abcdef',
    });
  });

  it('marks non-primary events suppressed', () => {
    const anomaly = makeAnomaly({
      orchestrator_data: makeOrchestratorData({ event_is_primary: false }),
    });
    expect(anomalyCardView(anomaly).suppressed).toBe(true);
  });

  it('falls back to "Anomaly Detected" when no message is left', () => {
    const anomaly = makeAnomaly({ description: '2026-01-02T03:04:05Z ' });
    expect(anomalyCardView(anomaly).message).toBe('Anomaly Detected');
  });

  it('has no incident fields for an anomaly outside any incident', () => {
    const card = anomalyCardView(makeAnomaly());
    expect(card.incidentId).toBeNull();
    expect(card.incidentStatus).toBeNull();
    expect(card.traceId).toBe('abcdef0123456789');
  });
});

describe('anomalySystem', () => {
  it('takes the first of friendly name, component, root component, source system', () => {
    expect(anomalySystem(makeAnomaly({ display_component: '' }))).toBe('orders-db');
    const bare = makeAnomaly({
      display_component: '',
      source_system: '',
      context: { ...makeAnomaly().context, component: '' },
    });
    expect(anomalySystem(bare)).toBe('unknown');
  });
});

describe('incidentStackView', () => {
  it('titles a stack by its top message, else "Incident Stack"', () => {
    expect(incidentStackView(makeStack()).title).toBe('pool exhausted');
    expect(incidentStackView(makeStack({ top_event_message: '' })).title).toBe('Incident Stack');
  });

  it('carries the counts and falls back to the root component for the system', () => {
    const stack = incidentStackView(makeStack({ top_event_component: '' }));
    expect(stack).toMatchObject({ countTotal: 4, countSuppressed: 3, system: 'orders-db' });
  });
});

describe('toListItems', () => {
  it('shows a single-event incident as a plain card and a larger one as a stack', () => {
    const items = toListItems([
      makeStack({ incident_id: 1, count_total: 1, count_suppressed: 0 }),
      makeStack({ incident_id: 2 }),
      makeAnomaly({ id: 'plain' }),
    ]);
    expect(items.map((item) => [item.kind, item.key])).toEqual([
      ['anomaly', 'incident-1'],
      ['stack', 'incident-2'],
      ['anomaly', 'plain'],
    ]);
  });
});

describe('shortTraceId', () => {
  it('keeps 8 characters', () => {
    expect(shortTraceId('0123456789abcdef')).toBe('01234567');
    expect(shortTraceId(null)).toBeNull();
  });
});
