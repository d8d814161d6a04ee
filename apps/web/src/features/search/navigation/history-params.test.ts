import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyTarget, parseFiltersParam } from './history-params';

afterEach(() => vi.restoreAllMocks());

describe('parseFiltersParam', () => {
  it('reads incident_id, search and event_type, dropping other keys', () => {
    expect(parseFiltersParam('{"incident_id":7,"search":"db","event_type":"x","other":1}')).toEqual(
      { incident_id: 7, search: 'db', event_type: 'x' },
    );
  });

  it.each(['{oops', '[1]', '"text"', '{"incident_id":"7"}', '{"incident_id":-1}', '{"search":3}'])(
    'refuses %s',
    (raw) => {
      expect(parseFiltersParam(raw)).toBeNull();
    },
  );
});

describe('historyTarget', () => {
  it('re-opens the action edit dialog from highlight and action=edit', () => {
    expect(historyTarget('?highlight=act-1&action=edit')).toEqual({
      events: [{ name: 'openActionEdit', detail: { actionId: 'act-1' } }],
      highlightId: 'act-1',
    });
  });

  it('re-opens an anomaly detail with its incident and trace', () => {
    expect(historyTarget('?highlight=an-1&action=detail&incident=7&trace=t').events).toEqual([
      { name: 'openAnomalyDetail', detail: { anomalyId: 'an-1', incidentId: 7, traceId: 't' } },
    ]);
  });

  it('switches the settings tab, with section and field', () => {
    expect(historyTarget('?tab=security&section=jwt&field=f').events).toEqual([
      { name: 'openSettingsTab', detail: { tab: 'security', section: 'jwt', field: 'f' } },
    ]);
  });

  it('re-applies JSON filters', () => {
    const search = `?filters=${encodeURIComponent('{"incident_id":7}')}`;
    expect(historyTarget(search).events).toEqual([
      { name: 'applySearchFilters', detail: { filters: { incident_id: 7 } } },
    ]);
  });

  it('ignores malformed filters with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(historyTarget('?filters=%7Bbroken&highlight=x')).toEqual({
      events: [],
      highlightId: 'x',
    });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('does nothing for a URL without search parameters', () => {
    expect(historyTarget('')).toEqual({ events: [] });
  });
});
