import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../ingest/records';
import { createLogWindow, isErrorLevel, levelOf } from './log-window';

let seq = 0;
const log = (over: Partial<LogRecord> = {}): LogRecord => ({
  id: `r${(seq += 1)}`,
  time: 0,
  observedTime: 0,
  severityNumber: 9,
  severityText: '',
  body: 'ok',
  component: 'orders',
  resource: {},
  attributes: {},
  traceId: null,
  spanId: null,
  ...over,
});

describe('log window', () => {
  it('indexes logs by trace id, in event order', () => {
    const window = createLogWindow(() => ({ timeWindowMs: 60_000, capacity: 100 }));
    window.add([
      log({ time: 30, traceId: 't1', body: 'b' }),
      log({ time: 10, traceId: 't1', body: 'a' }),
      log({ time: 20, traceId: 't2' }),
    ]);
    expect(window.byTrace('t1').map((l) => l.message)).toEqual(['a', 'b']);
    expect(window.byTrace('t3')).toEqual([]);
  });

  it.each([
    {
      name: 'time window drops logs older than the newest minus the window',
      timeWindowMs: 100,
      capacity: 100,
      times: [0, 50, 200],
      kept: [200],
    },
    {
      name: 'capacity drops the oldest first',
      timeWindowMs: 60_000,
      capacity: 2,
      times: [0, 50, 200],
      kept: [50, 200],
    },
    {
      name: 'inside both bounds everything stays',
      timeWindowMs: 60_000,
      capacity: 10,
      times: [0, 50, 200],
      kept: [0, 50, 200],
    },
  ])('$name', ({ timeWindowMs, capacity, times, kept }) => {
    const window = createLogWindow(() => ({ timeWindowMs, capacity }));
    window.add(times.map((time) => log({ time, traceId: 'tr' })));
    expect(window.size()).toBe(kept.length);
    expect(window.byTrace('tr').map((l) => l.time)).toEqual(kept);
    expect(window.between(0, 1_000, 10).map((l) => l.time)).toEqual(kept);
  });

  it('stays bounded under a long stream', () => {
    const window = createLogWindow(() => ({ timeWindowMs: 1_000_000, capacity: 500 }));
    for (let i = 0; i < 50; i += 1)
      window.add(
        Array.from({ length: 100 }, (_, k) =>
          log({ time: i * 100 + k, traceId: `t${(i * 100 + k) % 37}` }),
        ),
      );
    expect(window.size()).toBe(500);
    expect(window.between(0, Infinity, 10_000)).toHaveLength(500);
  });

  it.each([
    { severityNumber: 17, severityText: '', level: 'ERROR', error: true },
    { severityNumber: 21, severityText: '', level: 'FATAL', error: true },
    { severityNumber: 13, severityText: 'warning', level: 'WARN', error: false },
    { severityNumber: 0, severityText: 'critical', level: 'CRITICAL', error: true },
    { severityNumber: 9, severityText: '', level: 'INFO', error: false },
  ])(
    'severity $severityNumber/$severityText reads as $level',
    ({ severityNumber, severityText, level, error }) => {
      expect(levelOf({ severityNumber, severityText })).toBe(level);
      expect(isErrorLevel({ level, severity: severityNumber })).toBe(error);
    },
  );
});
