import { describe, expect, it } from 'vitest';
import { Anomaly, AnomalyListQuery, IncidentStack } from './anomaly';

const at = '2026-03-01T10:00:00.000Z';

function makeAnomaly(): Record<string, unknown> {
  const sourceAgent = { name: 'anomaly_detector', version: '1.0.0' };
  return {
    id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
    description: 'Connection pool exhausted',
    severity: 'high',
    timestamp: at,
    type: 'log_anomaly',
    score: 0.91,
    status: 'open',
    source_system: 'payments',
    assigned_to: null,
    tags: ['database'],
    display_component: 'Payments',
    display_meta: { env: 'prod', layer: 'backend' },
    orchestrator_data: {
      incident_id: 7,
      incident_status: 'open',
      event_is_primary: true,
      suppression_reason: null,
      event_count: 3,
      coalesce_window_seconds: 300,
      root_component: 'postgres',
      trace_id: 'a'.repeat(32),
      opened_at: at,
      updated_at: at,
      closed_at: null,
      impact_scope: ['payments', 'postgres'],
      detection_method: 'ensemble',
      reason: 'First event of a new incident',
      gemini_validation: null,
      data: {
        component: 'payments',
        component_meta: {
          friendly_name: 'Payments',
          env: 'prod',
          namespace: 'default',
          layer: 'backend',
          version: null,
        },
        component_context: { identity: { friendly_name: 'Payments', id: 'payments' } },
        log_message: 'Connection pool exhausted',
        log_level: 'ERROR',
        anomaly_score: 0.91,
        detection_reason: 'keywords',
        reason: 'keywords',
        notes: [],
        source_agent: sourceAgent,
        event_processing_timestamp: at,
      },
    },
    remediation_data: null,
    rca_data: {
      rca_summary: 'postgres ran out of connections',
      root_cause: 'Connection pool exhaustion on postgres',
      root_component: 'postgres',
      confidence: 0.8,
      evidence: [
        {
          kind: 'log',
          component: 'postgres',
          summary: 'too many clients',
          source: 'log:1',
          timestamp: at,
        },
      ],
      analysis_steps: ['Step 1'],
    },
    traceability_data: null,
    gemini_validation: { validated: true, confidence: 0.8, new_keywords: [], analysis: 'ok' },
    detection: {
      confidence_score: 0.9,
      confidence_level: 'high',
      model_version: 'ensemble-1',
      processing_time: 0.0001,
      reason: 'keywords fired',
      ensemble_votes: { keywords: true },
      individual_scores: { keywords: 0.9 },
    },
    context: {
      component: 'payments',
      log_level: 'ERROR',
      trace_id: null,
      span_id: null,
      source_agent: sourceAgent,
      log_message: 'Connection pool exhausted',
    },
  };
}

describe('Anomaly schema', () => {
  it('accepts a complete anomaly with every nested block', () => {
    expect(Anomaly.safeParse(makeAnomaly()).success).toBe(true);
  });

  it.each([
    ['severity', 'urgent'],
    ['score', 1.5],
    ['timestamp', 'yesterday'],
    ['tags', 'database'],
  ])('rejects a wrong %s', (field, value) => {
    const result = Anomaly.safeParse({ ...makeAnomaly(), [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('names the nested path of a bad field', () => {
    const anomaly = makeAnomaly();
    const orchestrator = anomaly.orchestrator_data as Record<string, unknown>;
    orchestrator.incident_id = -1;
    const result = Anomaly.safeParse(anomaly);
    expect(result.error?.issues[0]?.path).toEqual(['orchestrator_data', 'incident_id']);
  });
});

describe('IncidentStack schema', () => {
  it('requires every spec field', () => {
    const stack = {
      incident_id: 1,
      top_event_id: 'x',
      top_event_message: 'm',
      top_event_component: 'c',
      top_event_severity: 'low',
      top_event_status: 'open',
      top_event_timestamp: at,
      top_event_meta: { env: 'prod', layer: 'backend' },
      top_event_is_primary: true,
      root_component: null,
      trace_id: null,
      opened_at: at,
      updated_at: at,
      incident_status: 'open',
      count_total: 1,
      count_suppressed: 0,
    };
    expect(IncidentStack.safeParse(stack).success).toBe(true);
    const { count_suppressed: _dropped, ...missing } = stack;
    expect(IncidentStack.safeParse(missing).success).toBe(false);
  });
});

describe('AnomalyListQuery', () => {
  it('applies the spec defaults and reads query-string booleans', () => {
    expect(AnomalyListQuery.parse({})).toMatchObject({
      time_filter: 'all',
      page: 1,
      page_size: 100,
      group_by_incident: false,
    });
    expect(
      AnomalyListQuery.parse({ group_by_incident: 'true', page: '2', time_filter: '1w' }),
    ).toMatchObject({
      group_by_incident: true,
      page: 2,
      time_filter: '1w',
    });
  });

  it.each([
    { time_filter: '5h' },
    { page_size: '251' },
    { page: '0' },
    { group_by_incident: 'yes' },
  ])('rejects %j', (query) => {
    expect(AnomalyListQuery.safeParse(query).success).toBe(false);
  });
});
