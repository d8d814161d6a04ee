import { describe, expect, it } from 'vitest';
import {
  makeAction,
  makeAgentStatus,
  makeAnomaly,
  makeAuditEntry,
  makeIncident,
  makeNode,
} from './source-factories';
import {
  actionItem,
  agentItem,
  anomalyItem,
  applicationItem,
  auditItem,
  buildSearchItems,
  incidentItem,
} from './source-items';

describe('source items', () => {
  it('anomaly: description without its leading timestamp, orchestrator context and metadata', () => {
    const item = anomalyItem(makeAnomaly());
    expect(item).toMatchObject({
      id: 'an-1',
      type: 'anomaly',
      page: '/anomalies',
      title: 'connection refused to orders-db',
      description: 'rare template with error level',
      tags: ['database', 'postgres', 'checkout'],
      metadata: {
        severity: 'high',
        status: 'open',
        component: 'checkout',
        incidentId: 7,
        traceId: 'trace-1',
      },
    });
    expect(item.content).toContain('ECONNREFUSED');
    expect(item.content).toContain('orders-db');
  });

  it("anomaly without a description is titled 'Anomaly Detected'", () => {
    const item = anomalyItem(makeAnomaly({ description: '', orchestrator_data: null }));
    expect(item.title).toBe('Anomaly Detected');
    expect(item.metadata.incidentId).toBeUndefined();
  });

  it('incident stack: numbered title, top event message, incident status', () => {
    expect(incidentItem(makeIncident())).toMatchObject({
      id: 'incident-7',
      type: 'incident',
      title: 'Incident #7 · orders-db',
      description: 'connection refused to orders-db',
      metadata: { incidentId: 7, status: 'open', severity: 'high', component: 'orders-db' },
    });
  });

  it('action: name, tags, keywords, command, active or inactive', () => {
    const item = actionItem(makeAction({ is_active: false }));
    expect(item).toMatchObject({
      id: 'act-1',
      type: 'action',
      page: '/policies',
      title: 'Restart orders-db',
      content: 'POST http://ops/restart',
      keywords: ['restart', 'reboot'],
      metadata: { status: 'inactive', timestamp: '2026-11-20T10:00:00.000Z' },
    });
  });

  it('application: label, and the node name as its component', () => {
    expect(applicationItem(makeNode())).toMatchObject({
      id: 'orders-db',
      type: 'application',
      title: 'Orders DB',
      metadata: { status: 'unhealthy', component: 'orders-db' },
    });
  });

  it('audit entry: the event type as its status; executions become execution items', () => {
    expect(auditItem(makeAuditEntry())).toMatchObject({
      type: 'audit',
      title: 'incident opened',
      metadata: { status: 'incident_opened', incidentId: 7, agentId: 'orchestrator' },
    });
    const execution = auditItem(
      makeAuditEntry({ type: 'action_executed', action_name: 'Restart orders-db' }),
    );
    expect(execution).toMatchObject({ type: 'execution', title: 'Restart orders-db' });
  });

  it('agent: name, status and agent id', () => {
    expect(agentItem(makeAgentStatus())).toMatchObject({
      id: 'executor',
      type: 'agent',
      page: '/settings',
      title: 'Executor',
      metadata: { status: 'healthy', agentId: 'executor' },
    });
  });

  it('builds one item per record from every source', () => {
    const items = buildSearchItems({
      anomalies: [makeAnomaly()],
      incidents: [makeIncident()],
      actions: [makeAction()],
      applications: [makeNode()],
      auditEntries: [makeAuditEntry()],
      agents: [makeAgentStatus()],
    });
    expect(items.map((item) => item.type)).toEqual([
      'anomaly',
      'incident',
      'action',
      'application',
      'audit',
      'agent',
    ]);
  });
});
