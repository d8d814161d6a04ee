import type { ApprovedAction } from '@vigil/contract';
import type { AnalysisReadyMessage } from '../../bus/messages';
import type { Agent, AgentContext } from '../shared/agent';
import { reportingFailures, type AgentHealthTracker } from '../shared/agent-health';
import { createBlockWriter, loadIncidentEvents, primaryEvent } from '../shared/incident-events';
import { EMPTY_GRAPH, type GraphView } from '../shared/service-graph';
import { buildRemediationData } from './build-remediation';
import {
  boundedRemediationConfig,
  DEFAULT_REMEDIATION_CONFIG,
  type RemediationConfig,
} from './remediation-config';

export interface RemediationAgentOptions {
  health: AgentHealthTracker;
  config?: () => RemediationConfig;
  graph?: () => GraphView;
}

/** The catalogue is small by nature; this bounds a runaway one. */
const MAX_ACTIONS = 1_000;
const MAX_MESSAGES = 100;

/**
 * When RCA has explained an incident, plans the recovery (knowledge base + approved-action
 * catalogue), writes `remediation_data` onto its events and publishes `analysis.ready` with the
 * matched actions for the executor.
 */
export function createRemediationAgent(options: RemediationAgentOptions): Agent {
  const { health } = options;
  const config = (): RemediationConfig =>
    boundedRemediationConfig(options.config?.() ?? DEFAULT_REMEDIATION_CONFIG);
  const graph = options.graph ?? (() => EMPTY_GRAPH);
  const offs: (() => void)[] = [];
  let ctx: AgentContext | null = null;
  const writer = createBlockWriter(() => ctx?.store ?? null);

  const loadActions = async (context: AgentContext): Promise<ApprovedAction[]> =>
    (await context.store.actions.list({ activeOnly: true, limit: MAX_ACTIONS, offset: 0 })).items;

  const analyse = async (message: AnalysisReadyMessage): Promise<void> => {
    if (!ctx || message.stage !== 'rca') return;
    const { store, bus, clock } = ctx;
    const events = await loadIncidentEvents(store, message.incidentId);
    if (events.length === 0) return;
    const rca = message.rca ?? null;
    const root = rca?.root_component ?? null;
    const remediation = buildRemediationData({
      rca,
      traceability: message.traceability ?? null,
      messages: events.slice(0, MAX_MESSAGES).map((event) => event.context.log_message),
      rootNode: root ? (graph().nodes.find((node) => node.id === root) ?? null) : null,
      actions: await loadActions(ctx),
      config: config(),
    });
    await writer.write(message.incidentId, events, { remediation_data: remediation });
    const primary = primaryEvent(events);
    await bus.publish<AnalysisReadyMessage>('analysis.ready', {
      incidentId: message.incidentId,
      matchedActions: remediation.matched_actions.map(({ action_id, score }) => ({
        action_id,
        score,
      })),
      stage: 'remediation',
      remediation,
      ...(primary ? { anomalyEventId: primary.id } : {}),
    });
    health.processed(1, clock.now());
  };

  return {
    id: 'remediation',
    async start(context) {
      ctx = context;
      offs.push(
        context.bus.subscribe<AnalysisReadyMessage>(
          'analysis.ready',
          'remediation',
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
