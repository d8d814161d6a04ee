import type { Anomaly, TraceabilityData } from '@vigil/contract';
import { toMs } from '../../store/time';
import type { FailureSignal } from './rca-facts';
import { deepestFailingSpans, type SpanWindow } from './span-window';

const ERROR_LEVEL = /^(ERROR|ERR|FATAL|CRITICAL|CRIT|SEVERE|EMERG|ALERT)/i;
const MAX_TRACES = 50;

/** Anomalies are failures when they say so or score as severe; a warning-level oddity is context. */
const anomalyFails = (event: Anomaly): boolean =>
  ERROR_LEVEL.test(event.context.log_level) ||
  event.severity === 'critical' ||
  event.severity === 'high';

/** Every failure the incident's evidence shows: its anomalies, correlated error logs, failing spans. */
export function collectSignals(
  events: readonly Anomaly[],
  traceability: TraceabilityData | null,
  spans: SpanWindow,
): FailureSignal[] {
  const signals: FailureSignal[] = events.filter(anomalyFails).map((event) => ({
    component: event.context.component,
    kind: 'anomaly',
    time: toMs(event.timestamp),
    message: event.context.log_message,
    source: `anomaly:${event.id}`,
    traceId: event.context.trace_id,
    newTemplate: event.tags.includes('new-template'),
  }));
  for (const log of traceability?.correlated_logs ?? []) {
    if (!ERROR_LEVEL.test(log.level)) continue;
    signals.push({
      component: log.component,
      kind: 'log',
      time: toMs(log.timestamp),
      message: log.message,
      source: `log:${log.component}@${log.timestamp}${log.trace_id ? ` trace ${log.trace_id}` : ''}`,
      traceId: log.trace_id,
    });
  }
  const traceIds = new Set(signals.flatMap((s) => (s.traceId ? [s.traceId] : [])));
  for (const traceId of [...traceIds].slice(0, MAX_TRACES)) {
    const failing = spans.byTrace(traceId);
    const deepest = new Set(deepestFailingSpans(failing));
    for (const span of failing) {
      const message = `${span.name}${span.statusMessage ? `: ${span.statusMessage}` : ' failed'}`;
      const source = `span:${span.traceId}/${span.spanId}`;
      // A failing call with nothing beneath it never got an answer: the failure is the callee's.
      const unanswered =
        deepest.has(span) && span.callee && span.callee !== span.component
          ? !spans.hasChild(traceId, span.spanId)
          : false;
      signals.push({
        component: span.component,
        kind: 'span',
        time: span.endTime,
        message,
        source,
        traceId,
        deepestInTrace: deepest.has(span) && !unanswered,
      });
      if (unanswered && span.callee)
        signals.push({
          component: span.callee,
          kind: 'span',
          time: span.endTime,
          message: `${span.callee} did not answer ${message}`,
          source,
          traceId,
          deepestInTrace: true,
        });
    }
  }
  return signals;
}
