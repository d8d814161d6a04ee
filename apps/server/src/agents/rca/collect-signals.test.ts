import { describe, expect, it } from 'vitest';
import type { TraceabilityData } from '@vigil/contract';
import { SpanKind } from '../../ingest/records';
import { makeSpan } from '../../topology/test-spans';
import { collectSignals } from './collect-signals';
import { rankCandidates } from './rank-candidates';
import { createSpanWindow } from './span-window';

const trace = 'a'.repeat(32);

/** A gateway's failing call to `auth`, and the gateway's own failing server span above it. */
function failedCall(answered: boolean) {
  const window = createSpanWindow();
  const server = makeSpan({
    component: 'gateway',
    traceId: trace,
    spanId: '1'.repeat(16),
    statusCode: 2,
  });
  const client = makeSpan({
    component: 'gateway',
    traceId: trace,
    spanId: '2'.repeat(16),
    parentSpanId: server.spanId,
    kind: SpanKind.CLIENT,
    name: 'POST /verify',
    statusCode: 2,
    statusMessage: 'x509: certificate has expired',
    attributes: { 'peer.service': 'auth' },
  });
  const spans = [server, client];
  if (answered)
    spans.push(
      makeSpan({ component: 'auth', traceId: trace, parentSpanId: client.spanId, statusCode: 1 }),
    );
  window.add(spans);
  const traceability: TraceabilityData = {
    correlation_method: 'trace',
    root_system_log: null,
    correlated_logs: [
      {
        component: 'gateway',
        level: 'ERROR',
        message: 'token check failed',
        timestamp: new Date(client.endTime).toISOString(),
        trace_id: trace,
      },
    ],
  };
  return collectSignals([], traceability, window);
}

describe('collect signals: calls nobody answered', () => {
  it('a failing call with no span beneath it points at the callee', () => {
    const signals = collectSignals([], null, createSpanWindow());
    expect(signals).toEqual([]);
    const unanswered = failedCall(false);
    const deepest = unanswered.filter((s) => s.deepestInTrace).map((s) => s.component);
    expect(deepest).toEqual(['auth']);
    expect(unanswered.find((s) => s.component === 'auth')?.message).toBe(
      'auth did not answer POST /verify: x509: certificate has expired',
    );
    const ranked = rankCandidates({
      signals: unanswered,
      graph: { nodes: [], edges: [{ from: 'gateway', to: 'auth' }] },
      rootLogComponent: null,
    });
    expect(ranked[0]?.component).toBe('auth');
  });

  it('a failing call the callee answered stays the caller’s own deepest failure', () => {
    const answered = failedCall(true);
    expect(answered.filter((s) => s.deepestInTrace).map((s) => s.component)).toEqual(['gateway']);
    expect(answered.some((s) => s.component === 'auth')).toBe(false);
  });
});
