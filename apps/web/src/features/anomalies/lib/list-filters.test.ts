import { describe, expect, it } from 'vitest';
import { toListItems } from './anomaly-card-view';
import { filterListItems, highlightedItemKey } from './list-filters';
import { makeAnomaly, makeOrchestratorData, makeStack } from './test-factories';

const items = toListItems([
  makeStack({ incident_id: 1, top_event_id: 't1', top_event_severity: 'critical' }),
  makeStack({
    incident_id: 2,
    top_event_id: 't2',
    top_event_severity: 'medium',
    top_event_message: 'disk full',
  }),
  makeAnomaly({ id: 'a9', severity: 'low', description: 'slow query' }),
]);

describe('filterListItems', () => {
  it('keeps high and critical under "high"', () => {
    const kept = filterListItems(items, { search: '', severity: 'high' });
    expect(kept.map((item) => item.key)).toEqual(['incident-1']);
  });

  it('searches the message case-insensitively', () => {
    const kept = filterListItems(items, { search: 'DISK', severity: 'all' });
    expect(kept.map((item) => item.key)).toEqual(['incident-2']);
  });

  it('combines both filters', () => {
    expect(filterListItems(items, { search: 'slow', severity: 'medium' })).toEqual([]);
  });
});

describe('highlightedItemKey', () => {
  it('finds the card of the anomaly', () => {
    expect(highlightedItemKey(items, { highlight: 'a9' })).toBe('a9');
    expect(highlightedItemKey(items, { highlight: 't2' })).toBe('incident-2');
  });

  it('finds an incident by its search id or by the incident parameter', () => {
    expect(highlightedItemKey(items, { highlight: 'incident-1' })).toBe('incident-1');
    expect(highlightedItemKey(items, { highlight: 'suppressed-event', incident: '2' })).toBe(
      'incident-2',
    );
  });

  it('answers null when the page has no such card', () => {
    expect(highlightedItemKey(items, { highlight: 'nope', incident: '99' })).toBeNull();
    const plain = toListItems([makeAnomaly({ orchestrator_data: makeOrchestratorData() })]);
    expect(highlightedItemKey(plain, { highlight: 'incident-8' })).toBeNull();
  });
});
