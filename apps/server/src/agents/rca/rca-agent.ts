import type { AnalysisReadyMessage, IncidentChangedMessage } from '../../bus/messages';
import type { SpanBatch } from '../../bus/record-batch';
import type { Agent, AgentContext } from '../shared/agent';
import { reportingFailures, type AgentHealthTracker } from '../shared/agent-health';
import { createBlockWriter, loadIncidentEvents } from '../shared/incident-events';
import { EMPTY_GRAPH, type GraphView } from '../shared/service-graph';
import { withReviewTimedOut, withinTimeout } from './analysis-timeout';
import { buildRcaData } from './build-rca';
import type { RcaReviewer } from './gemini-review';
import { boundedRcaConfig, DEFAULT_RCA_CONFIG, type RcaConfig } from './rca-config';
import { collectSignals } from './collect-signals';
import { rankCandidates } from './rank-candidates';
import { createSpanWindow } from './span-window';

export interface RcaAgentOptions {
  health: AgentHealthTracker;
  config?: () => RcaConfig;
  /** An optional reviewer (Gemini) whose opinion is appended as a labelled step. */
  reviewer?: RcaReviewer;
  /** The dependency graph now (built by the caller from the topology service). */
  graph?: () => GraphView;
  maxTraces?: number;
}

/**
 * Deterministic root cause analysis: when traceability has correlated an incident's logs, ranks
 * the failing components (RANK_WEIGHTS), writes `rca_data` onto the incident's events, tells the
 * orchestrator the root component (`incidents.changed {change: 'root_cause'}`) and hands the
 * result to remediation on `analysis.ready`.
 */
export function createRcaAgent(options: RcaAgentOptions): Agent {
  const { health } = options;
  const graph = options.graph ?? (() => EMPTY_GRAPH);
  const spans = createSpanWindow(options.maxTraces);
  const offs: (() => void)[] = [];
  let ctx: AgentContext | null = null;
  const writer = createBlockWriter(() => ctx?.store ?? null);

  const analyse = async (message: AnalysisReadyMessage): Promise<void> => {
    if (!ctx || message.stage !== 'traceability') return;
    const { store, bus, clock } = ctx;
    const events = await loadIncidentEvents(store, message.incidentId);
    if (events.length === 0) return;
    const { max_evidence_items, analysis_timeout_seconds } = boundedRcaConfig(
      options.config?.() ?? DEFAULT_RCA_CONFIG,
    );
    const started = Date.now();
    const signals = collectSignals(events, message.traceability ?? null, spans);
    const ranked = rankCandidates({
      signals,
      graph: graph(),
      rootLogComponent: message.traceability?.root_system_log?.component ?? null,
    });
    const deterministic = buildRcaData(ranked, max_evidence_items);
    // The review gets what is left of the time limit; past it the evidence-based result stands
    // and a late answer is dropped, so the incident moves on.
    const remainingMs = analysis_timeout_seconds * 1_000 - (Date.now() - started);
    const rca = options.reviewer
      ? ((await withinTimeout(options.reviewer(deterministic), Math.max(0, remainingMs))) ??
        withReviewTimedOut(deterministic, analysis_timeout_seconds))
      : deterministic;
    await writer.write(message.incidentId, events, { rca_data: rca });
    if (rca.root_component)
      await bus.publish<IncidentChangedMessage>('incidents.changed', {
        incidentId: message.incidentId,
        change: 'root_cause',
        rootComponent: rca.root_component,
        confidence: rca.confidence,
      });
    await bus.publish<AnalysisReadyMessage>('analysis.ready', {
      incidentId: message.incidentId,
      matchedActions: [],
      stage: 'rca',
      rca,
      ...(message.traceability ? { traceability: message.traceability } : {}),
    });
    health.processed(1, clock.now());
  };

  return {
    id: 'rca',
    async start(context) {
      ctx = context;
      offs.push(
        context.bus.subscribe<SpanBatch>('records.spans', 'rca', (batch) => {
          spans.add(batch.records);
          health.beat(context.clock.now());
        }),
        context.bus.subscribe<AnalysisReadyMessage>(
          'analysis.ready',
          'rca',
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
