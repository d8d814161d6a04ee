import type { AnalysisReadyMessage, AnomaliesDetected } from '../../bus/messages';
import { AppError, unavailable } from '../../shared/errors';
import type { Agent, AgentContext } from '../shared/agent';
import type { AgentHealthTracker } from '../shared/agent-health';
import type { SafeHttpClient } from '../shared/safe-http/safe-http-client';
import { boundedExecutorConfig, type ExecutorConfig } from './executor-config';
import { createExecutorService, type ExecutorService } from './executor-service';
import { createVerifier, realTimers, type Timers, type Verifier } from './verification';

export interface ExecutorAgentOptions {
  config: () => ExecutorConfig;
  client: SafeHttpClient;
  health?: AgentHealthTracker;
  timers?: Timers;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * This process is the only executor on its store (embedded mode): at start, every pending or
   * running execution belongs to a process that died. Otherwise only expired leases are failed.
   */
  soleExecutor?: boolean;
  /** How often expired execution leases are looked for (default one minute). */
  leaseSweepMs?: number;
}

export type ExecutorAgent = Agent & {
  /** Works once the agent has started; before that every call is a 503. */
  readonly service: ExecutorService;
  verificationsActive(): number;
};

/** Picks the best active action an analysis matched, at or above the configured score. */
async function bestMatch(
  ctx: AgentContext,
  message: AnalysisReadyMessage,
  minScore: number,
): Promise<string | null> {
  const ranked = [...message.matchedActions]
    .filter((m) => m.score >= minScore)
    .sort((a, b) => b.score - a.score);
  for (const match of ranked) {
    const action = await ctx.store.actions.get(match.action_id);
    if (action?.is_active) return action.id;
  }
  return null;
}

/** Safe execution of approved actions: manual (HTTP), automatic (analysis.ready) and verified. */
export function createExecutorAgent(options: ExecutorAgentOptions): ExecutorAgent {
  let ctx: AgentContext | null = null;
  let inner: ExecutorService | null = null;
  let verifier: Verifier | null = null;
  const offs: (() => void)[] = [];
  let leaseSweep: NodeJS.Timeout | null = null;
  const config = (): ExecutorConfig => boundedExecutorConfig(options.config());
  const current = (): ExecutorService => {
    if (!inner) throw unavailable('EXECUTOR_NOT_RUNNING', 'The executor agent is not running');
    return inner;
  };

  const onAnalysis = async (message: AnalysisReadyMessage): Promise<void> => {
    if (!ctx || !inner) return;
    const cfg = config();
    if (!cfg.auto_execute) return;
    options.health?.beat(ctx.clock.now());
    const actionId = await bestMatch(ctx, message, cfg.auto_execute_min_score);
    if (!actionId) return;
    try {
      await inner.execute(
        {
          action_id: actionId,
          parameters: message.parameters ?? {},
          incident_id: message.incidentId,
          anomaly_event_id: message.anomalyEventId,
        },
        { triggeredBy: 'executor:auto', requireApproval: cfg.approval_required },
      );
      options.health?.processed(1, ctx.clock.now());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.log.info('auto-execution refused', {
        incidentId: message.incidentId,
        actionId,
        code: error.code,
        reason: error.message,
      });
    }
  };

  const service: ExecutorService = {
    execute: (input, opts) => current().execute(input, opts),
    approve: (id, by) => current().approve(id, by),
    reject: (id, by) => current().reject(id, by),
    failInterrupted: (everyRun) => current().failInterrupted(everyRun),
    health: () => current().health(),
    idle: () => inner?.idle() ?? Promise.resolve(),
  };

  return {
    id: 'executor',
    service,
    verificationsActive: () => verifier?.active() ?? 0,
    async start(context) {
      ctx = context;
      const onError = (error: unknown): void => {
        options.health?.failed(error, context.clock.now());
        context.log.error('executor verification failed', { error: String(error) });
      };
      const v = createVerifier({
        bus: context.bus,
        store: context.store,
        timers: options.timers ?? realTimers,
        windowSeconds: () => config().verification_window_seconds,
        onError,
      });
      verifier = v;
      inner = createExecutorService({
        store: context.store,
        bus: context.bus,
        clock: context.clock,
        config: options.config,
        client: options.client,
        log: context.log,
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.random ? { random: options.random } : {}),
        onSucceeded: (execution, affected) => v.watch(execution, affected),
      });
      const recover = async (everyRun: boolean): Promise<void> => {
        try {
          const failed = await inner?.failInterrupted(everyRun);
          if (failed) context.log.info('interrupted executions marked failed', { count: failed });
        } catch (error) {
          options.health?.failed(error, context.clock.now());
          context.log.error('could not fail interrupted executions', { error: String(error) });
        }
      };
      await recover(options.soleExecutor === true);
      leaseSweep = setInterval(() => void recover(false), options.leaseSweepMs ?? 60_000);
      leaseSweep.unref();
      offs.push(
        context.bus.subscribe<AnalysisReadyMessage>('analysis.ready', 'executor', onAnalysis),
      );
      offs.push(
        context.bus.subscribe<AnomaliesDetected>(
          'anomalies.detected',
          'executor.verification',
          (m) => v.observe(m),
        ),
      );
      options.health?.beat(context.clock.now());
    },
    async stop() {
      for (const off of offs.splice(0)) off();
      if (leaseSweep) clearInterval(leaseSweep);
      leaseSweep = null;
      await inner?.idle();
      verifier?.stop();
      inner = null;
      ctx = null;
    },
  };
}
