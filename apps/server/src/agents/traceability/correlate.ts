import type { CorrelatedLog, TraceabilityData } from '@vigil/contract';
import { indexGraph, type GraphView } from '../shared/service-graph';
import { isErrorLevel, type LogWindow, type WindowLog } from './log-window';

/** One event of the incident, as far as correlation needs it. */
export interface IncidentEventRef {
  component: string;
  traceId: string | null;
  time: number;
}

export interface CorrelationInput {
  events: readonly IncidentEventRef[];
  window: LogWindow;
  graph: GraphView;
  correlationWindowMs: number;
  limit: number;
}

const toCorrelated = (log: WindowLog): CorrelatedLog => ({
  component: log.component,
  message: log.message,
  level: log.level,
  timestamp: new Date(log.time).toISOString(),
  trace_id: log.traceId,
});

/**
 * Logs that share the incident's traces; when its events carry no trace id (or the window holds
 * nothing for them), logs around its events from its components and their graph neighbours.
 */
export function correlateLogs(input: CorrelationInput): {
  method: TraceabilityData['correlation_method'];
  logs: WindowLog[];
} {
  const traceIds = [...new Set(input.events.flatMap((e) => (e.traceId ? [e.traceId] : [])))];
  const byTrace = traceIds.flatMap((id) => input.window.byTrace(id));
  if (byTrace.length > 0)
    return { method: 'trace', logs: capPreferringErrors(dedupe(byTrace), input.limit) };
  if (input.events.length === 0) return { method: 'time_and_topology', logs: [] };
  const index = indexGraph(input.graph);
  const components = new Set<string>();
  for (const event of input.events) {
    components.add(event.component);
    for (const id of index.callees(event.component)) components.add(id);
    for (const id of index.callers(event.component)) components.add(id);
  }
  const times = input.events.map((e) => e.time);
  const from = Math.min(...times) - input.correlationWindowMs;
  const to = Math.max(...times) + input.correlationWindowMs;
  // Read more than the limit, since other components' logs in the same span of time are skipped.
  const nearby = input.window
    .between(from, to, input.limit * 20)
    .filter((log) => components.has(log.component));
  return { method: 'time_and_topology', logs: capPreferringErrors(nearby, input.limit) };
}

function dedupe(logs: readonly WindowLog[]): WindowLog[] {
  const seen = new Set<string>();
  return logs.filter((log) => (seen.has(log.id) ? false : (seen.add(log.id), true)));
}

/** Over the limit, error logs are kept before the rest; the answer stays in event order. */
function capPreferringErrors(logs: readonly WindowLog[], limit: number): WindowLog[] {
  const sorted = [...logs].sort((a, b) => a.time - b.time);
  if (sorted.length <= limit) return sorted;
  const errors = sorted.filter(isErrorLevel);
  const rest = sorted.filter((log) => !isErrorLevel(log));
  return [...errors, ...rest].slice(0, limit).sort((a, b) => a.time - b.time);
}

/**
 * The origin among failing components: one whose own callees are not failing (the deepest failure
 * on the dependency path), and among those the one that failed first. Without graph facts this is
 * simply the earliest error log.
 */
export function judgeRootLog(logs: readonly WindowLog[], graph: GraphView): WindowLog | null {
  const errors = logs.filter(isErrorLevel).sort((a, b) => a.time - b.time);
  if (errors.length === 0) return null;
  const firstError = new Map<string, WindowLog>();
  for (const log of errors) if (!firstError.has(log.component)) firstError.set(log.component, log);
  const index = indexGraph(graph);
  const failing = new Set(firstError.keys());
  const deepest = [...firstError.values()].filter(
    (log) => !index.callees(log.component).some((callee) => failing.has(callee)),
  );
  const calledByFailing = deepest.filter((log) =>
    index.callers(log.component).some((caller) => failing.has(caller)),
  );
  const pick = calledByFailing[0] ?? deepest[0] ?? errors[0];
  return pick ?? null;
}

export function buildTraceabilityData(input: CorrelationInput): TraceabilityData {
  const { method, logs } = correlateLogs(input);
  const root = judgeRootLog(logs, input.graph);
  return {
    correlation_method: method,
    correlated_logs: logs.map(toCorrelated),
    root_system_log: root ? { ...toCorrelated(root), is_root_cause: true } : null,
  };
}
