import { describe, expect, it } from 'vitest';
import type { GraphView } from '../shared/service-graph';
import { buildTraceabilityData, judgeRootLog } from './correlate';
import { createLogWindow, type WindowLog } from './log-window';
import type { LogRecord } from '../../ingest/records';

let seq = 0;
const record = (
  component: string,
  time: number,
  traceId: string | null,
  severity = 9,
  body = `${component} line`,
): LogRecord => ({
  id: `r${(seq += 1)}`,
  time,
  observedTime: time,
  severityNumber: severity,
  severityText: '',
  body,
  component,
  resource: {},
  attributes: {},
  traceId,
  spanId: null,
});
const windowLog = (component: string, time: number, level = 'ERROR'): WindowLog => ({
  id: `w${(seq += 1)}`,
  component,
  message: `${component} failed`,
  level,
  severity: level === 'ERROR' ? 17 : 9,
  time,
  traceId: 't',
});
const chain = (...ids: string[]): GraphView => ({
  nodes: [],
  edges: ids.slice(1).map((to, i) => ({ from: ids[i] as string, to })),
});

describe('correlation', () => {
  const window = createLogWindow(() => ({ timeWindowMs: 600_000, capacity: 1_000 }));
  window.add([
    record('gateway', 1_000, 't1', 17),
    record('orders', 990, 't1', 17),
    record('orders-db', 980, 't1', 17),
    record('orders-db', 970, 't1', 9),
    record('billing', 1_000, 't2', 17),
    record('orders', 5_000, null, 17),
    record('orders-db', 5_010, null, 13),
    record('billing', 5_020, null, 17),
  ]);
  const graph = chain('gateway', 'orders', 'orders-db');

  it('by trace: every log sharing the incident trace ids, across services', () => {
    const data = buildTraceabilityData({
      events: [{ component: 'gateway', traceId: 't1', time: 1_000 }],
      window,
      graph,
      correlationWindowMs: 10_000,
      limit: 100,
    });
    expect(data.correlation_method).toBe('trace');
    expect(data.correlated_logs.map((l) => l.component)).toEqual([
      'orders-db',
      'orders-db',
      'orders',
      'gateway',
    ]);
    expect(data.root_system_log).toMatchObject({
      component: 'orders-db',
      level: 'ERROR',
      is_root_cause: true,
    });
  });

  it('without trace ids: time around the events, on the components and their graph neighbours only', () => {
    const data = buildTraceabilityData({
      events: [{ component: 'orders', traceId: null, time: 5_000 }],
      window,
      graph,
      correlationWindowMs: 100,
      limit: 100,
    });
    expect(data.correlation_method).toBe('time_and_topology');
    expect(data.correlated_logs.map((l) => l.component)).toEqual(['orders', 'orders-db']);
    expect(data.root_system_log?.component).toBe('orders');
  });

  it('over the limit, errors are kept first', () => {
    const data = buildTraceabilityData({
      events: [{ component: 'gateway', traceId: 't1', time: 1_000 }],
      window,
      graph,
      correlationWindowMs: 10_000,
      limit: 3,
    });
    expect(data.correlated_logs.every((l) => l.level === 'ERROR')).toBe(true);
  });

  it.each([
    {
      name: 'the deepest failing component on the call path',
      logs: [windowLog('gateway', 1), windowLog('orders', 2), windowLog('orders-db', 3)],
      graph: chain('gateway', 'orders', 'orders-db'),
      root: 'orders-db',
    },
    {
      name: 'a healthy callee does not make its caller a victim',
      logs: [windowLog('gateway', 1), windowLog('orders', 2), windowLog('orders-db', 3, 'INFO')],
      graph: chain('gateway', 'orders', 'orders-db'),
      root: 'orders',
    },
    {
      name: 'no graph: the earliest error',
      logs: [windowLog('b', 5), windowLog('a', 2)],
      graph: { nodes: [], edges: [] },
      root: 'a',
    },
    {
      name: 'unrelated failures: the one called by a failing component wins',
      logs: [windowLog('x', 1), windowLog('api', 2), windowLog('db', 3)],
      graph: chain('api', 'db'),
      root: 'db',
    },
  ])('root system log: $name', ({ logs, graph: g, root }) => {
    expect(judgeRootLog(logs, g)?.component).toBe(root);
  });

  it('no error logs: no root system log', () => {
    expect(judgeRootLog([windowLog('a', 1, 'INFO')], chain('a'))).toBeNull();
  });
});
