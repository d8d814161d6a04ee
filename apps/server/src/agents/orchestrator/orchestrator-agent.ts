import type { AnomaliesDetected, IncidentChangedMessage } from '../../bus/messages';
import type { Agent, AgentContext } from '../shared/agent';
import type { AgentHealthTracker } from '../shared/agent-health';
import type { DependsOn } from './grouping-rules';
import { createIncidentBook, type IncidentBook } from './incident-book';
import { DEFAULT_ORCHESTRATOR_CONFIG, type OrchestratorConfig } from './orchestrator-config';

export interface OrchestratorAgentOptions {
  health: AgentHealthTracker;
  /** Read on every batch, so settings changes apply live. */
  config?: () => OrchestratorConfig;
  /** `a` depends on `b` in the service graph; agents get plain functions, never the topology. */
  dependsOn?: DependsOn;
  /** How often quiet incidents are looked for (and the health beat). */
  sweepEveryMs?: number;
}

export interface OrchestratorAgent extends Agent {
  /** Components with an open incident; a new set whenever it changes (topology's getter). */
  openComponents(): ReadonlySet<string>;
  /** Closes incidents whose quiet period has passed; returns how many closed. */
  sweep(): Promise<number>;
}

const NEVER_DEPENDS: DependsOn = () => false;
const NO_COMPONENTS: ReadonlySet<string> = new Set();

/** Groups detected anomalies into incidents (dedup, burst, coalesce) and runs their lifecycle. */
export function createOrchestratorAgent(options: OrchestratorAgentOptions): OrchestratorAgent {
  const { health } = options;
  const config = options.config ?? (() => DEFAULT_ORCHESTRATOR_CONFIG);
  const unsubscribe: (() => void)[] = [];
  let ctx: AgentContext | null = null;
  let book: IncidentBook | null = null;
  let timer: NodeJS.Timeout | null = null;
  // One change at a time: batches, the sweep timer and bus messages all change the open incidents.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const handleDetected = async (open: IncidentBook, message: AnomaliesDetected) => {
    // Quiet incidents close first, so a late event opens a new incident instead of reviving one.
    await open.closeQuiet();
    await open.placeBatch(message.items);
    if (ctx) health.processed(message.items.length, ctx.clock.now());
  };

  const handleChanged = async (open: IncidentBook, message: IncidentChangedMessage) => {
    if (message.change === 'verified')
      await open.close(
        message.incidentId,
        'verified: a remediation ran and no new anomaly followed',
      );
    else if (message.change === 'root_cause' && message.rootComponent)
      await open.setRootComponent(message.incidentId, message.rootComponent);
  };

  const guarded =
    <T>(handler: (open: IncidentBook, message: T) => Promise<void>) =>
    (message: T) =>
      serial(async () => {
        if (!ctx || !book) return;
        try {
          await handler(book, message);
        } catch (error) {
          health.failed(error, ctx.clock.now());
          throw error;
        }
      });

  const sweep = (): Promise<number> => serial(async () => (book ? book.closeQuiet() : 0));

  return {
    id: 'orchestrator',
    async start(context) {
      const { store, bus, clock } = context;
      const dependsOn = options.dependsOn ?? NEVER_DEPENDS;
      const fresh = createIncidentBook({ store, bus, clock, config, dependsOn });
      await fresh.restore();
      book = fresh;
      ctx = context;
      health.beat(clock.now());
      unsubscribe.push(
        bus.subscribe<AnomaliesDetected>(
          'anomalies.detected',
          'orchestrator',
          guarded(handleDetected),
        ),
        bus.subscribe<IncidentChangedMessage>(
          'incidents.changed',
          'orchestrator',
          guarded(handleChanged),
        ),
      );
      timer = setInterval(() => {
        health.beat(clock.now());
        sweep().catch((error: unknown) => health.failed(error, clock.now()));
      }, options.sweepEveryMs ?? 5_000);
      timer.unref();
    },
    async stop() {
      for (const off of unsubscribe.splice(0)) off();
      if (timer) clearInterval(timer);
      timer = null;
      await serial(async () => undefined);
      ctx = null;
      book = null;
    },
    openComponents: () => book?.components() ?? NO_COMPONENTS,
    sweep,
  };
}
