import type { AuditEntry } from '@vigil/contract';

let sequence = 0;

/** A small audit entry factory for the pure tests. */
export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  sequence += 1;
  return {
    id: `01J00000000000000000000${String(sequence).padStart(3, '0')}`,
    timestamp: '2026-11-20T10:00:00.000Z',
    type: 'incident_opened',
    description: 'Incident #1 opened on orders-db',
    severity: 'high',
    incident_id: 1,
    anomaly_event_id: null,
    action_name: null,
    execution_status: null,
    retry_count: null,
    execution_duration: null,
    affected_services: [],
    root_component: 'orders-db',
    trace_id: null,
    triggered_by: 'orchestrator',
    agents_involved: ['orchestrator'],
    error_message: null,
    metadata: {},
    prev_hash: '0',
    hash: '1',
    ...overrides,
  };
}
