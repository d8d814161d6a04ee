import { describe, expect, it } from 'vitest';
import type { GraphNodeView, GraphView } from '../shared/service-graph';
import { buildRcaData, confidenceOf, shortReason } from './build-rca';
import type { FailureSignal } from './rca-facts';
import { rankCandidates, RANK_WEIGHTS } from './rank-candidates';
import { deepestFailingSpans, type FailingSpan } from './span-window';

const signal = (
  component: string,
  time: number,
  over: Partial<FailureSignal> = {},
): FailureSignal => ({
  component,
  kind: 'log',
  time,
  message: `${component} error`,
  source: `log:${component}@${time}`,
  traceId: 't1',
  ...over,
});
const node = (id: string, over: Partial<GraphNodeView> = {}): GraphNodeView => ({
  id,
  status: 'healthy',
  errorRate: 0,
  responseTimeP95: 10,
  type: 'service',
  ...over,
});
const graphOf = (edges: [string, string][], nodes: GraphNodeView[] = []): GraphView => ({
  nodes,
  edges: edges.map(([from, to]) => ({ from, to })),
});
const CHAIN: [string, string][] = [
  ['gateway', 'orders'],
  ['orders', 'orders-db'],
];

describe('candidate ranking', () => {
  it.each([
    {
      name: 'the deepest failing span wins over an earlier caller log',
      signals: [
        signal('gateway', 1),
        signal('orders', 2),
        signal('orders-db', 3, { kind: 'span', deepestInTrace: true }),
      ],
      graph: graphOf(CHAIN),
      rootLog: null,
      top: 'orders-db',
    },
    {
      name: 'graph alone: the failing component whose dependencies are healthy',
      signals: [signal('gateway', 3), signal('orders', 2)],
      graph: graphOf(CHAIN),
      rootLog: null,
      top: 'orders',
    },
    {
      name: 'no graph, no trace: the first to fail',
      signals: [signal('b', 5), signal('a', 2)],
      graph: graphOf([]),
      rootLog: null,
      top: 'a',
    },
    {
      name: 'the root system log and a new template tip an otherwise equal pair',
      signals: [signal('a', 1), signal('b', 1, { newTemplate: true })],
      graph: graphOf([]),
      rootLog: 'b',
      top: 'b',
    },
    {
      name: 'an error-rate jump in the node metrics counts',
      signals: [signal('a', 1), signal('b', 1)],
      graph: graphOf([], [node('b', { errorRate: 40, status: 'unhealthy' })]),
      rootLog: null,
      top: 'b',
    },
    {
      name: 'a caller of an unhealthy node (no logs from it) is a victim',
      signals: [signal('orders', 1)],
      graph: graphOf(CHAIN, [node('orders-db', { status: 'unhealthy', errorRate: 50 })]),
      rootLog: null,
      top: 'orders',
    },
  ])('$name', ({ signals, graph, rootLog, top }) => {
    const ranked = rankCandidates({ signals, graph, rootLogComponent: rootLog });
    expect(ranked[0]?.component).toBe(top);
  });

  it('scores by the documented weights', () => {
    const [top] = rankCandidates({
      signals: [
        signal('orders', 5),
        signal('orders-db', 3, { kind: 'span', deepestInTrace: true }),
      ],
      graph: graphOf(CHAIN),
      rootLogComponent: 'orders-db',
    });
    expect(top?.score).toBe(
      RANK_WEIGHTS.deepestSpan +
        RANK_WEIGHTS.rootLog +
        RANK_WEIGHTS.healthyDependencies +
        RANK_WEIGHTS.firstFailure,
    );
    expect(top?.evidence.map((e) => e.kind)).toEqual(['span', 'span', 'log', 'topology', 'timing']);
  });

  it('ties break on the earliest failure, then the name: the same input always gives the same answer', () => {
    const ranked = rankCandidates({
      signals: [signal('b', 1), signal('a', 1)],
      graph: graphOf([]),
      rootLogComponent: null,
    });
    expect(ranked.map((c) => c.component)).toEqual(['a', 'b']);
  });
});

describe('deepest failing spans', () => {
  const span = (spanId: string, parentSpanId: string | null, component: string): FailingSpan => ({
    traceId: 't',
    spanId,
    parentSpanId,
    component,
    name: 'op',
    startTime: 0,
    endTime: 1,
    statusMessage: '',
  });
  it('keeps the failing spans no failing span descends from', () => {
    const spans = [
      span('1', null, 'gateway'),
      span('2', '1', 'orders'),
      span('3', '2', 'orders-db'),
      span('4', '1', 'cache'),
    ];
    expect(deepestFailingSpans(spans).map((s) => s.component)).toEqual(['orders-db', 'cache']);
  });
});

describe('rca write-up', () => {
  it('names the root, its failure in words and who failed after it, citing evidence in the steps', () => {
    const ranked = rankCandidates({
      signals: [
        signal('orders-db', 1, {
          message: 'connection refused; retrying',
          kind: 'anomaly',
          source: 'anomaly:A1',
        }),
        signal('orders', 2),
        signal('gateway', 3),
      ],
      graph: graphOf(CHAIN),
      rootLogComponent: 'orders-db',
    });
    const rca = buildRcaData(ranked);
    expect(rca.root_component).toBe('orders-db');
    expect(rca.root_cause).toBe(
      'orders-db failing (connection refused) — orders, gateway error after it',
    );
    expect(rca.evidence[0]).toMatchObject({ component: 'orders-db', source: 'anomaly:A1' });
    expect(rca.analysis_steps.some((step) => step.includes('[log anomaly:A1]'))).toBe(true);
    expect(rca.confidence).toBeGreaterThan(0.5);
  });

  it('keeps at most max_evidence_items evidence items', () => {
    const ranked = rankCandidates({
      signals: [signal('a', 1, { deepestInTrace: true, newTemplate: true }), signal('b', 2)],
      graph: graphOf([['b', 'a']]),
      rootLogComponent: 'a',
    });
    expect(buildRcaData(ranked, 2).evidence).toHaveLength(2);
  });

  it('with nothing failing says so, with no root component', () => {
    expect(buildRcaData([])).toMatchObject({ root_component: null, confidence: 0, evidence: [] });
  });

  it.each([
    { message: 'FATAL: too many clients\nstack...', reason: 'FATAL: too many clients' },
    { message: 'x'.repeat(300), reason: `${'x'.repeat(119)}…` },
  ])('short reason of $message', ({ message, reason }) => {
    expect(shortReason(message)).toBe(reason);
  });

  it('confidence falls when two candidates are close', () => {
    const clear = rankCandidates({
      signals: [signal('a', 1, { deepestInTrace: true }), signal('b', 2)],
      graph: graphOf([['b', 'a']]),
      rootLogComponent: 'a',
    });
    const close = rankCandidates({
      signals: [signal('a', 1), signal('b', 1)],
      graph: graphOf([]),
      rootLogComponent: null,
    });
    expect(confidenceOf(clear)).toBeGreaterThan(confidenceOf(close));
  });
});
