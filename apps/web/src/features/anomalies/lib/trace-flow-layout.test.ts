import type { CorrelatedLog } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  FLOW_BOX,
  FLOW_MIN_WIDTH,
  layoutTraceFlow,
  traceFlowLogs,
  truncateComponent,
} from './trace-flow-layout';

const log = (component: string, second: number): CorrelatedLog => ({
  component,
  message: `${component} failed`,
  level: 'ERROR',
  timestamp: `2026-01-02T03:04:0${second}.000Z`,
  trace_id: 't',
});

describe('traceFlowLogs', () => {
  it('marks the root system log among the correlated logs', () => {
    const logs = traceFlowLogs({
      correlation_method: 'trace',
      correlated_logs: [log('checkout', 1), log('orders-db', 0)],
      root_system_log: { ...log('orders-db', 0), is_root_cause: true },
    });
    expect(logs.map((entry) => [entry.component, entry.isRootCause])).toEqual([
      ['checkout', false],
      ['orders-db', true],
    ]);
  });

  it('puts a root log missing from the correlated logs first', () => {
    const logs = traceFlowLogs({
      correlation_method: 'time_and_topology',
      correlated_logs: [log('checkout', 1)],
      root_system_log: { ...log('orders-db', 0), is_root_cause: true },
    });
    expect(logs.map((entry) => entry.component)).toEqual(['orders-db', 'checkout']);
    expect(logs[0]).not.toHaveProperty('is_root_cause');
  });

  it('labels nothing when the root log is not the cause', () => {
    const logs = traceFlowLogs({
      correlation_method: 'trace',
      correlated_logs: [log('a', 0)],
      root_system_log: { ...log('a', 0), is_root_cause: false },
    });
    expect(logs.some((entry) => entry.isRootCause)).toBe(false);
    expect(traceFlowLogs(null)).toEqual([]);
  });
});

describe('truncateComponent', () => {
  it('cuts names over 16 characters', () => {
    expect(truncateComponent('sixteen-chars-ok')).toBe('sixteen-chars-ok');
    expect(truncateComponent('payments-gateway-eu-west')).toBe('payments-gateway…');
  });
});

describe('layoutTraceFlow', () => {
  it('is at least 600 px wide and uses 140×60 boxes', () => {
    const layout = layoutTraceFlow(2, 300);
    expect(layout.width).toBe(FLOW_MIN_WIDTH);
    expect(FLOW_BOX).toEqual({ width: 140, height: 60 });
  });

  it('snakes: even rows run left to right, odd rows right to left', () => {
    const layout = layoutTraceFlow(7, 600);
    expect(layout.perRow).toBe(3);
    const rows = [0, 1, 2].map((row) =>
      layout.boxes.filter((box) => box.row === row).map((box) => box.x),
    );
    expect(rows[0]).toEqual([...rows[0]!].sort((a, b) => a - b));
    expect(rows[1]).toEqual([...rows[0]!].reverse());
    expect(rows[2]).toEqual([rows[0]![0]]);
  });

  it('links each box to the next: across within a row, straight down between rows', () => {
    const layout = layoutTraceFlow(4, 600);
    const [first, second, third, fourth] = layout.boxes;
    expect(layout.links).toHaveLength(3);
    expect(layout.links[0]).toMatchObject({ x1: first!.x + 140, x2: second!.x, y1: first!.y + 30 });
    // Row change: the last of row 0 and the first of row 1 share a column.
    expect(fourth!.x).toBe(third!.x);
    expect(layout.links[2]).toMatchObject({ x1: third!.x + 70, y1: third!.y + 60, y2: fourth!.y });
  });

  it('grows with the rows and is empty without logs', () => {
    expect(layoutTraceFlow(4, 600).height).toBeGreaterThan(layoutTraceFlow(3, 600).height);
    expect(layoutTraceFlow(0, 900)).toMatchObject({ height: 0, boxes: [], links: [] });
  });

  it('fits more boxes per row on a wider area', () => {
    expect(layoutTraceFlow(20, 1200).perRow).toBeGreaterThan(layoutTraceFlow(20, 600).perRow);
  });
});
