import { describe, expect, it } from 'vitest';
import { makeItem } from '../engine/search-item-factory';
import { resultTarget } from './result-target';

const params = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);
const pathOf = (href: string) => new URL(href, 'http://x').pathname;

describe('resultTarget', () => {
  it('anomaly: /anomalies with highlight, the detail action and the incident and trace', () => {
    const target = resultTarget(
      makeItem({ id: 'an-1', type: 'anomaly', metadata: { incidentId: 7, traceId: 't-1' } }),
    );
    expect(pathOf(target.href)).toBe('/anomalies');
    expect(params(target.href)).toEqual({
      highlight: 'an-1',
      action: 'detail',
      incident: '7',
      trace: 't-1',
    });
    expect(target.events).toEqual([
      { name: 'openAnomalyDetail', detail: { anomalyId: 'an-1', incidentId: 7, traceId: 't-1' } },
    ]);
    expect(target.highlightId).toBe('an-1');
  });

  it('action: /policies with highlight and action=edit, opening the edit dialog', () => {
    const target = resultTarget(makeItem({ id: 'act-1', type: 'action' }));
    expect(target.href).toBe('/policies?highlight=act-1&action=edit');
    expect(target.events).toEqual([{ name: 'openActionEdit', detail: { actionId: 'act-1' } }]);
    expect(target.highlightId).toBe('act-1');
  });

  it('application: /applications with highlight', () => {
    const target = resultTarget(makeItem({ id: 'orders-db', type: 'application' }));
    expect(target).toEqual({
      href: '/applications?highlight=orders-db',
      events: [],
      highlightId: 'orders-db',
    });
  });

  it('audit: /audit filtered on event_type (from status), incident_id and the title', () => {
    const target = resultTarget(
      makeItem({
        type: 'audit',
        title: 'incident opened',
        metadata: { status: 'incident_opened', incidentId: 7 },
      }),
    );
    const filters = { event_type: 'incident_opened', incident_id: 7, search: 'incident opened' };
    expect(pathOf(target.href)).toBe('/audit');
    expect(params(target.href)).toEqual({
      event_type: 'incident_opened',
      incident_id: '7',
      search: 'incident opened',
      filters: JSON.stringify(filters),
    });
    expect(target.events).toEqual([{ name: 'applySearchFilters', detail: { filters } }]);
    expect(target.highlightId).toBeUndefined();
  });

  it('agent: /settings with the tab set to the agent id, highlighted', () => {
    const target = resultTarget(
      makeItem({ id: 'executor', type: 'agent', metadata: { agentId: 'executor' } }),
    );
    expect(target.href).toBe('/settings?tab=executor&highlight=executor');
    expect(target.events).toEqual([{ name: 'openSettingsTab', detail: { tab: 'executor' } }]);
  });

  it('configuration: /settings with tab, section and the field to focus', () => {
    const target = resultTarget(
      makeItem({
        type: 'configuration',
        metadata: { tab: 'security', section: 'jwt', field: 'security.jwt_expiry' },
      }),
    );
    expect(target.href).toBe('/settings?tab=security&section=jwt&field=security.jwt_expiry');
    expect(target.events).toEqual([
      {
        name: 'openSettingsTab',
        detail: { tab: 'security', section: 'jwt', field: 'security.jwt_expiry' },
      },
    ]);
    expect(target.highlightId).toBe('security.jwt_expiry');
  });

  it('incident: /anomalies with an incident_id filter', () => {
    const target = resultTarget(makeItem({ type: 'incident', metadata: { incidentId: 7 } }));
    expect(pathOf(target.href)).toBe('/anomalies');
    expect(params(target.href)).toEqual({
      incident_id: '7',
      filters: '{"incident_id":7}',
    });
    expect(target.events).toEqual([
      { name: 'applySearchFilters', detail: { filters: { incident_id: 7 } } },
    ]);
  });

  it('execution: /audit with event_type action_executed and the title as search', () => {
    const target = resultTarget(makeItem({ type: 'execution', title: 'Restart orders-db' }));
    expect(params(target.href)).toMatchObject({
      event_type: 'action_executed',
      search: 'Restart orders-db',
    });
    expect(target.events[0]).toEqual({
      name: 'applySearchFilters',
      detail: { filters: { event_type: 'action_executed', search: 'Restart orders-db' } },
    });
  });
});
