import { describe, expect, it } from 'vitest';
import { createPlacementLog, relatedEvidence, type Placement } from './enrichment';

const incident = { id: 1, traceIds: ['trace-1'], components: ['postgres'] };
const placed = (overrides: Partial<Placement>): Placement => ({
  anomalyId: 'a',
  incidentId: 2,
  component: 'search',
  traceId: null,
  at: 100,
  ...overrides,
});

describe('relatedEvidence', () => {
  it.each([
    ['a shared trace in another incident', placed({ traceId: 'trace-1' }), true],
    ['a shared component in another incident', placed({ component: 'postgres' }), true],
    ['nothing shared', placed({ traceId: 'trace-2' }), false],
    ['its own placement', placed({ incidentId: 1, traceId: 'trace-1' }), false],
    ['placed at the hand-off itself', placed({ traceId: 'trace-1', at: 50 }), false],
    ['placed before the lookback', placed({ traceId: 'trace-1', at: 79 }), false],
  ])('%s: %s', (_what, placement, related) => {
    expect(relatedEvidence(incident, [placement], 50, 80)).toEqual(related ? [placement] : []);
  });
});

describe('placement log', () => {
  it('forgets placements before the lookback and keeps at most its cap', () => {
    const log = createPlacementLog(3);
    for (let at = 1; at <= 5; at += 1) log.add(placed({ anomalyId: `a${at}`, at }));
    expect(log.since(0).map((p) => p.anomalyId)).toEqual(['a3', 'a4', 'a5']);
    expect(log.since(5).map((p) => p.anomalyId)).toEqual(['a5']);
    expect(log.since(6)).toEqual([]);
  });
});
