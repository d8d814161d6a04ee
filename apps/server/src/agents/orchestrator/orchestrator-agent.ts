import type { AnomaliesDetected, IncidentChangedMessage } from '../../bus/messages';
import type { Agent, AgentContext } from '../shared/agent';
import type { AgentHealthTracker } from '../shared/agent-health';
import { realTimers, repeatEvery, type Timers } from '../shared/repeat';
import type { DependsOn } from './grouping-rules';
import { createIncidentBook, type IncidentBook } from './incident-book';
import { DEFAULT_ORCHESTRATOR_CONFIG, type OrchestratorConfig } from './orchestrator-config';
import { StepTimeoutError, withinStepTimeout } from './step-timeout';

export interface OrchestratorAgentOptions {
  health: AgentHealthTracker;
  /** Read on every batch and every periodic pass, so settings changes apply live. */
  config?: () => OrchestratorConfig;
  /** `a` depends on `b` in the service graph; agents get plain functions, never the topology. */
  dependsOn?: DependsOn;
  /** How often quiet incidents are looked for (and the health beat). */
  sweepEveryMs?: number;
  /** Step timeouts and the enrichment / clean-up passes (tests fire them by hand). */
  timers?: Timers;
}

export interface OrchestratorAgent extends Agent {
  /** Components with an open incident; a new set whenever it changes (topology's getter). */
  openComponents(): ReadonlySet<string>;
  /** Closes incidents whose quiet period has passed; returns how many closed. */
  sweep(): Promise<number>;
  /** One enrichment pass; returns the incidents whose analysis was requested again. */
  enrich(): Promise<number[]>;
  /** One clean-up pass; returns how many incidents left memory. */
  cleanUp(): Promise<number>;
}

const NEVER_DEPENDS: DependsOn = () => false;
const NO_COMPONENTS: ReadonlySet<string> = new Set();

/** Groups detected anomalies into incidents (dedup, burst, coalesce) and runs their lifecycle. */
export function createOrchestratorAgent(options: OrchestratorAgentOptions): OrchestratorAgent {
  const { health } = options;
  const config = options.config ?? (() => DEFAULT_ORCHESTRATOR_CONFIG);
  const timers = options.timers ?? realTimers;
  const stops: (() => void)[] = [];
  let ctx: AgentContext | null = null;
  let book: IncidentBook | null = null;
  const now = (): number => ctx?.clock.now() ?? Date.now();
  // One change at a time: batches, the periodic passes and bus messages all change the open
  // incidents. A step past `timeout_seconds` is abandoned so the queue moves on.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const timed = () =>
      withinStepTimeout(what, work, {
        limitMs: config().timeout_seconds * 1_000,
        timers,
        onLateFailure: (error) => health.failed(error, now()),
      });
    const next = queue.then(timed, timed);
    queue = next.catch(() => undefined);
    return next;
  };

  const handleDetected = async (open: IncidentBook, message: AnomaliesDetected) => {
    // Quiet incidents close first, so a late event opens a new incident instead of reviving one.
    await open.closeQuiet();
    await open.placeBatch(message.items);
    health.processed(message.items.length, now());
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
    <T>(what: string, handler: (open: IncidentBook, message: T) => Promise<void>) =>
    async (message: T): Promise<void> => {
      const startedAt = now();
      try {
        await serial(what, async () => {
          if (ctx && book) await handler(book, message);
        });
      } catch (error) {
        health.failed(error, now());
        // An abandoned step is reported, not redelivered: it may still finish in the background.
        if (error instanceof StepTimeoutError) return;
        throw error;
      }
      health.stepCompleted(now() - startedAt, now());
    };

  const handleChangedStep = guarded('incident message', handleChanged);

  const sweep = (): Promise<number> =>
    serial('quiet-period sweep', async () => (book ? book.closeQuiet() : 0));
  const enrich = (): Promise<number[]> =>
    serial('enrichment pass', async () => (book ? book.enrich() : []));
  const cleanUp = (): Promise<number> =>
    serial('clean-up pass', async () => (book ? book.cleanUp() : 0));
  const reportFailure = (error: unknown): void => health.failed(error, now());

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
      stops.push(
        bus.subscribe<AnomaliesDetected>(
          'anomalies.detected',
          'orchestrator',
          guarded('anomaly batch', handleDetected),
        ),
        bus.subscribe<IncidentChangedMessage>('incidents.changed', 'orchestrator', (message) =>
          // Its own announcements (and the others it does not act on) are not steps of its own.
          message.change === 'verified' || message.change === 'root_cause'
            ? handleChangedStep(message)
            : undefined,
        ),
        repeatEvery(
          () => config().enrichment_interval_seconds * 1_000,
          () => void enrich().catch(reportFailure),
          timers,
        ),
        repeatEvery(
          () => config().cleanup_interval_seconds * 1_000,
          () => void cleanUp().catch(reportFailure),
          timers,
        ),
      );
      const timer = setInterval(() => {
        health.beat(clock.now());
        sweep().catch(reportFailure);
      }, options.sweepEveryMs ?? 5_000);
      timer.unref();
      stops.push(() => clearInterval(timer));
    },
    async stop() {
      for (const off of stops.splice(0)) off();
      await serial('stop', async () => undefined).catch(() => undefined);
      ctx = null;
      book = null;
    },
    openComponents: () => book?.components() ?? NO_COMPONENTS,
    sweep,
    enrich,
    cleanUp,
  };
}
