import type { AnalysisReadyMessage, IncidentChangedMessage } from '../../bus/messages';
import type { LogBatch } from '../../bus/record-batch';
import type { Agent, AgentContext } from '../shared/agent';
import { reportingFailures, type AgentHealthTracker } from '../shared/agent-health';
import { createBlockWriter, loadIncidentEvents } from '../shared/incident-events';
import { EMPTY_GRAPH, type GraphView } from '../shared/service-graph';
import { toMs } from '../../store/time';
import { buildTraceabilityData } from './correlate';
import { withExternalTraces } from './external-traces';
import { createLogWindow } from './log-window';
import type { TraceStoreClient } from './trace-store-client';
import {
  boundedTraceabilityConfig,
  DEFAULT_TRACEABILITY_CONFIG,
  type TraceabilityConfig,
} from './traceability-config';

export interface TraceabilityAgentOptions {
  health: AgentHealthTracker;
  config?: () => TraceabilityConfig;
  /** The dependency graph now (built by the caller from the topology service). */
  graph?: () => GraphView;
  /** Looks up traces missing from the window in an external trace store (`otel.*`). */
  traceStore?: TraceStoreClient;
}

/** The window holds this many logs per correlation result it may answer. */
const CAPACITY_FACTOR = 20;

/**
 * Keeps recent logs by trace id and, when an incident opens or grows, writes the logs that share
 * its traces (or, without traces, its time and neighbours) and the judged root system log onto its
 * events, then announces the block on `analysis.ready` for the RCA stage.
 */
export function createTraceabilityAgent(options: TraceabilityAgentOptions): Agent {
  const { health } = options;
  const config = (): TraceabilityConfig =>
    boundedTraceabilityConfig(options.config?.() ?? DEFAULT_TRACEABILITY_CONFIG);
  const graph = options.graph ?? (() => EMPTY_GRAPH);
  const window = createLogWindow(() => ({
    timeWindowMs: config().time_window_seconds * 1_000,
    capacity: config().log_query_limit * CAPACITY_FACTOR,
  }));
  const offs: (() => void)[] = [];
  let ctx: AgentContext | null = null;
  const writer = createBlockWriter(() => ctx?.store ?? null);

  const analyse = async (message: IncidentChangedMessage): Promise<void> => {
    if (!ctx || (message.change !== 'opened' && message.change !== 'event_added')) return;
    const { store, bus, clock } = ctx;
    const events = await loadIncidentEvents(store, message.incidentId);
    if (events.length === 0) return;
    const cfg = config();
    const refs = events.map((event) => ({
      component: event.context.component,
      traceId: event.context.trace_id ?? event.orchestrator_data?.trace_id ?? null,
      time: toMs(event.timestamp),
    }));
    const traceIds = refs.flatMap((ref) => (ref.traceId ? [ref.traceId] : []));
    const traceability = buildTraceabilityData({
      events: refs,
      window: await withExternalTraces(window, traceIds, options.traceStore, cfg.trace_query_limit),
      graph: graph(),
      correlationWindowMs: cfg.correlation_window_seconds * 1_000,
      limit: cfg.log_query_limit,
    });
    await writer.write(message.incidentId, events, { traceability_data: traceability });
    await bus.publish<AnalysisReadyMessage>('analysis.ready', {
      incidentId: message.incidentId,
      matchedActions: [],
      stage: 'traceability',
      traceability,
    });
    health.processed(1, clock.now());
  };

  return {
    id: 'traceability',
    async start(context) {
      ctx = context;
      offs.push(
        context.bus.subscribe<LogBatch>('records.logs', 'traceability', (batch) => {
          window.add(batch.records);
          health.beat(context.clock.now());
        }),
        context.bus.subscribe<IncidentChangedMessage>(
          'incidents.changed',
          'traceability',
          reportingFailures(health, () => context.clock.now(), analyse),
        ),
      );
      health.beat(context.clock.now());
    },
    async stop() {
      for (const off of offs.splice(0)) off();
      ctx = null;
    },
  };
}
