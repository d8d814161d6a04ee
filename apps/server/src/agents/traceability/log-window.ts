import type { LogRecord } from '../../ingest/records';

/** What the window keeps of a log: enough to correlate and cite it, nothing more. */
export interface WindowLog {
  id: string;
  component: string;
  message: string;
  level: string;
  /** OTLP severity number (17+ is error). */
  severity: number;
  time: number;
  traceId: string | null;
}

export interface LogWindowLimits {
  /** Logs older than this (by the newest event time seen) are dropped. */
  timeWindowMs: number;
  /** Hard cap on logs held; the oldest go first. */
  capacity: number;
}

export interface LogWindow {
  add(records: readonly LogRecord[]): void;
  /** Logs of one trace, in event order. */
  byTrace(traceId: string): WindowLog[];
  /** Logs with event time in [fromMs, toMs], in event order, at most `limit`. */
  between(fromMs: number, toMs: number, limit: number): WindowLog[];
  size(): number;
}

const MAX_MESSAGE = 2_000;

export function levelOf(record: Pick<LogRecord, 'severityNumber' | 'severityText'>): string {
  const text = record.severityText.trim().toUpperCase();
  if (text) return text === 'WARNING' ? 'WARN' : text;
  const n = record.severityNumber;
  if (n >= 21) return 'FATAL';
  if (n >= 17) return 'ERROR';
  if (n >= 13) return 'WARN';
  if (n >= 9) return 'INFO';
  return n > 0 ? 'DEBUG' : 'INFO';
}

export const isErrorLevel = (log: Pick<WindowLog, 'level' | 'severity'>): boolean =>
  log.severity >= 17 || /^(ERROR|ERR|FATAL|CRITICAL|CRIT|SEVERE|EMERG|ALERT)/.test(log.level);

export const toWindowLog = (record: LogRecord): WindowLog => ({
  id: record.id,
  component: record.component,
  message: record.body.slice(0, MAX_MESSAGE),
  level: levelOf(record),
  severity: record.severityNumber,
  time: record.time,
  traceId: record.traceId,
});

/**
 * Recent logs keyed by trace id. Logs arrive roughly in event time, so a queue in arrival order
 * evicts in near time order; memory is bounded by `capacity` whatever the clock does.
 */
export function createLogWindow(limits: () => LogWindowLimits): LogWindow {
  let queue: WindowLog[] = [];
  let head = 0;
  const traces = new Map<string, WindowLog[]>();
  let newest = 0;

  const dropOldest = (): void => {
    const log = queue[head];
    head += 1;
    if (!log?.traceId) return;
    const list = traces.get(log.traceId);
    if (!list) return;
    const at = list.indexOf(log);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) traces.delete(log.traceId);
  };

  const evict = (): void => {
    const { timeWindowMs, capacity } = limits();
    while (queue.length - head > capacity) dropOldest();
    while (head < queue.length && (queue[head]?.time ?? newest) < newest - timeWindowMs)
      dropOldest();
    // Compact now and then so the array does not grow with what was already dropped.
    if (head > 1_024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };

  return {
    add(records) {
      for (const record of records) {
        const log = toWindowLog(record);
        queue.push(log);
        if (log.time > newest) newest = log.time;
        if (log.traceId) {
          const list = traces.get(log.traceId);
          if (list) list.push(log);
          else traces.set(log.traceId, [log]);
        }
      }
      evict();
    },
    byTrace: (traceId) => [...(traces.get(traceId) ?? [])].sort((a, b) => a.time - b.time),
    between(fromMs, toMs, limit) {
      const out: WindowLog[] = [];
      for (let i = head; i < queue.length && out.length < limit; i += 1) {
        const log = queue[i];
        if (log && log.time >= fromMs && log.time <= toMs) out.push(log);
      }
      return out.sort((a, b) => a.time - b.time);
    },
    size: () => queue.length - head,
  };
}
