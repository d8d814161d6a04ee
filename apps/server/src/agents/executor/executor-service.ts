import type { ApprovedAction, Execution, ExecutorHealth } from '@vigil/contract';
import type { z } from 'zod';
import type { Bus } from '../../bus/bus';
import { toIso, type Clock } from '../../shared/clock';
import { AppError, notFound } from '../../shared/errors';
import type { Store } from '../../store/create-store';
import type { AgentLog } from '../shared/agent';
import type { SafeHttpClient } from '../shared/safe-http/safe-http-client';
import { dryRunProblem } from './dry-run';
import { boundedExecutorConfig, type ExecutorConfig } from './executor-config';
import {
  affectedServices,
  idempotencyKey,
  newExecution,
  publishExecution,
} from './execution-record';
import {
  renderCommand,
  type ParameterValue,
  type RenderedCommand,
  type TemplateContext,
} from './render-template';
import { fromParkedDoc, toParkedDoc } from './parked-execution';
import { longestRunMs, runWithRetries } from './run-with-retries';
import { validateTarget } from './validate-target';
import {
  checkAdmission,
  checkSwitches,
  createSafetyState,
  reserve,
  targetKey,
} from './safety-checks';

export interface ExecuteInput {
  action_id: string;
  parameters: Record<string, ParameterValue>;
  incident_id?: number | undefined;
  anomaly_event_id?: string | undefined;
  dry_run?: boolean | undefined;
}

export interface ExecuteOptions {
  triggeredBy: string;
  /** Park the execution in pending_approval (auto-execution in approval mode). */
  requireApproval?: boolean;
}

export interface ExecutorServiceDeps {
  store: Store;
  bus: Bus;
  clock: Clock;
  config: () => ExecutorConfig;
  client: SafeHttpClient;
  log: AgentLog;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Monotonic milliseconds for durations (performance.now by default). */
  elapsedMs?: () => number;
  /** Called after a successful, non-dry execution tied to an incident: the closed loop starts here. */
  onSucceeded?: (execution: Execution, affected: string[]) => void;
}

export interface ExecutorService {
  execute(
    input: ExecuteInput,
    options: ExecuteOptions,
  ): Promise<{ execution: Execution; created: boolean }>;
  approve(executionId: string, by: string): Promise<Execution>;
  reject(executionId: string, by: string): Promise<Execution>;
  /**
   * Fails admitted executions whose run died with an earlier process (see the executions
   * repository's `failInterrupted`) and announces each; returns how many.
   */
  failInterrupted(everyRun: boolean): Promise<number>;
  health(): Promise<z.infer<typeof ExecutorHealth>>;
  /** Resolves when every execution started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

interface Prepared {
  action: ApprovedAction;
  command: RenderedCommand;
  affected: string[];
  parameters: Record<string, ParameterValue>;
  context: TemplateContext;
}

/** Slack past a run's longest possible duration before it counts as interrupted. */
const LEASE_GRACE_MS = 60_000;

const INTERRUPTED_MESSAGE =
  'Interrupted: the executor stopped before this execution finished; the target may or may not have received it';

const alreadyDecided = (id: string): AppError =>
  new AppError(409, 'EXECUTION_NOT_PENDING', `Execution ${id} was already approved or rejected`);

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createExecutorService(deps: ExecutorServiceDeps): ExecutorService {
  const { store, bus, clock } = deps;
  const state = createSafetyState();
  const inFlight = new Set<Promise<void>>();
  const config = (): ExecutorConfig => boundedExecutorConfig(deps.config());
  const elapsed = deps.elapsedMs ?? (() => performance.now());
  const retryDeps = {
    client: deps.client,
    sleep: deps.sleep ?? realSleep,
    random: deps.random ?? Math.random,
  };

  const loadAction = async (id: string): Promise<ApprovedAction> => {
    const action = await store.actions.get(id);
    if (!action) throw notFound('ACTION_NOT_FOUND', `Approved action ${id} was not found`);
    if (!action.is_active)
      throw new AppError(409, 'ACTION_INACTIVE', `Approved action "${action.name}" is inactive`);
    return action;
  };

  const contextFor = async (
    input: ExecuteInput,
    action: ApprovedAction,
  ): Promise<TemplateContext> => {
    const incident =
      input.incident_id === undefined ? null : await store.incidents.get(input.incident_id);
    if (input.incident_id !== undefined && !incident)
      throw notFound('INCIDENT_NOT_FOUND', `Incident #${input.incident_id} was not found`);
    return {
      incident_id: input.incident_id,
      anomaly_event_id: input.anomaly_event_id,
      component: incident?.rootComponent,
      root_component: incident?.rootComponent,
      trace_id: incident?.traceId,
      action_id: action.id,
      action_name: action.name,
    };
  };

  const prepare = async (
    action: ApprovedAction,
    parameters: Record<string, ParameterValue>,
    context: TemplateContext,
    incidentId: number | null,
  ): Promise<Prepared> => {
    const command = renderCommand(action, parameters, context, config().default_timeout_seconds);
    return {
      action,
      command,
      parameters,
      context,
      affected: await affectedServices(store, incidentId, parameters),
    };
  };

  const run = async (
    execution: Execution,
    prepared: Prepared,
    release: () => void,
  ): Promise<void> => {
    const started = elapsed();
    try {
      const running = await store.executions.update(execution.id, {
        status: 'running',
        started_at: toIso(clock.now()),
      });
      if (running) await publishExecution(bus, running, 'started', prepared.affected);
      const cfg = config();
      const maxRetries = Math.min(prepared.action.max_retries, cfg.max_retries);
      const outcome = await runWithRetries(
        prepared.command.real,
        maxRetries,
        cfg.retry_delay_seconds * 1_000,
        retryDeps,
        prepared.command.masker,
      );
      release();
      const verify =
        outcome.status === 'success' &&
        execution.incident_id !== null &&
        prepared.affected.length > 0;
      const finished = await store.executions.update(
        execution.id,
        {
          status: outcome.status,
          response_status: outcome.responseStatus,
          retry_count: outcome.retryCount,
          duration_seconds: Math.max(0, (elapsed() - started) / 1_000),
          error_message: outcome.error,
          finished_at: toIso(clock.now()),
          verification: verify ? 'pending' : 'not_applicable',
        },
        // Already failed as interrupted (its lease ran out): that verdict was announced; keep it.
        { onlyFrom: ['running'] },
      );
      if (!finished) return;
      await publishExecution(bus, finished, 'finished', prepared.affected);
      if (verify) deps.onSucceeded?.(finished, prepared.affected);
    } catch (error) {
      release();
      deps.log.error('execution failed unexpectedly', {
        executionId: execution.id,
        error: prepared.command.masker.text(String(error)),
      });
      const failed = await store.executions.update(
        execution.id,
        {
          status: 'failed',
          error_message: 'Internal error while executing',
          finished_at: toIso(clock.now()),
        },
        { onlyFrom: ['pending', 'running'] },
      );
      if (failed) await publishExecution(bus, failed, 'finished', prepared.affected);
    }
  };

  /** Admission, slot, start in the background; the caller gets the record as it is now. */
  const admitAndStart = async (
    execution: Execution,
    prepared: Prepared,
    release: () => void,
  ): Promise<void> => {
    const task = run(execution, prepared, release).finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  const admit = async (prepared: Prepared): Promise<() => void> => {
    const cfg = config();
    const target = targetKey(prepared.action.id, prepared.command.real.url);
    // Before the admission checks: they and reserve() must run without yielding in between.
    await validateTarget(deps.client, prepared.command.real.url, cfg.validation_timeout_seconds);
    await checkAdmission({
      action: prepared.action,
      target,
      config: cfg,
      state,
      nowMs: clock.now(),
      executions: store.executions,
    });
    return reserve(state, prepared.action.id, target, clock.now());
  };

  /** Past this, a pending or running execution is known dead (its process stopped). */
  const leaseUntil = (prepared: Prepared): number => {
    const cfg = config();
    const retries = Math.min(prepared.action.max_retries, cfg.max_retries);
    const longest = longestRunMs(prepared.command.real, retries, cfg.retry_delay_seconds * 1_000);
    return clock.now() + longest + LEASE_GRACE_MS;
  };

  /** The execution and, when parked, its real parameters: one write, so neither exists alone. */
  const insertExecution = (
    execution: Execution,
    key: string | undefined,
    prepared: Prepared,
    parkIt: boolean,
  ): Promise<{ created: boolean; execution: Execution }> =>
    store.transaction(async (tx) => {
      const inserted = await tx.executions.insert(execution, {
        ...(key === undefined ? {} : { idempotencyKey: key }),
        ...(parkIt ? {} : { leaseUntil: leaseUntil(prepared) }),
      });
      if (inserted.created && parkIt)
        await tx.parkedExecutions.put(
          execution.id,
          toParkedDoc({ parameters: prepared.parameters, context: prepared.context }),
          clock.now(),
        );
      return inserted;
    });

  const dryRun = async (
    prepared: Prepared,
    input: ExecuteInput,
    triggeredBy: string,
  ): Promise<Execution> => {
    const problem = dryRunProblem(prepared.command.real.url, config().allowlist);
    const execution = {
      ...newExecution({
        action: prepared.action,
        incidentId: input.incident_id ?? null,
        anomalyEventId: input.anomaly_event_id ?? null,
        status: problem ? 'failed' : 'success',
        dryRun: true,
        request: prepared.command.masked,
        triggeredBy,
        nowMs: clock.now(),
      }),
      error_message: problem,
      duration_seconds: 0,
      finished_at: toIso(clock.now()),
    } satisfies Execution;
    await store.executions.insert(execution);
    await publishExecution(bus, execution, 'created', prepared.affected);
    return execution;
  };

  const execute: ExecutorService['execute'] = async (input, options) => {
    const action = await loadAction(input.action_id);
    const context = await contextFor(input, action);
    const incidentId = input.incident_id ?? null;
    const prepared = await prepare(action, input.parameters, context, incidentId);
    if ((input.dry_run ?? config().dry_run_default) === true)
      return { execution: await dryRun(prepared, input, options.triggeredBy), created: true };
    checkSwitches(config());
    const key = idempotencyKey(incidentId, action.id);
    const parkIt =
      options.requireApproval === true || action.safety_constraints.requires_approval === true;
    const release = parkIt ? () => undefined : await admit(prepared);
    const fresh = newExecution({
      action,
      incidentId,
      anomalyEventId: input.anomaly_event_id ?? null,
      status: parkIt ? 'pending_approval' : 'pending',
      dryRun: false,
      request: prepared.command.masked,
      triggeredBy: options.triggeredBy,
      nowMs: clock.now(),
    });
    let inserted: { created: boolean; execution: Execution };
    try {
      inserted = await insertExecution(fresh, key, prepared, parkIt);
    } catch (error) {
      release();
      throw error;
    }
    if (!inserted.created) {
      release();
      return inserted;
    }
    await publishExecution(bus, fresh, 'created', prepared.affected);
    if (!parkIt) await admitAndStart(fresh, prepared, release);
    return inserted;
  };

  const pendingOne = async (id: string): Promise<Execution> => {
    const execution = await store.executions.get(id);
    if (!execution) throw notFound('EXECUTION_NOT_FOUND', `Execution ${id} was not found`);
    if (execution.status !== 'pending_approval') {
      throw new AppError(
        409,
        'EXECUTION_NOT_PENDING',
        `Execution ${id} is ${execution.status}, not waiting for approval`,
      );
    }
    return execution;
  };

  return {
    execute,
    async approve(id, by) {
      const execution = await pendingOne(id);
      const saved = fromParkedDoc(await store.parkedExecutions.get(id));
      if (!saved)
        throw new AppError(
          409,
          'EXECUTION_PARAMETERS_LOST',
          'This execution was parked by an older version that kept its parameters in memory only; reject it and execute the action again',
        );
      const action = await loadAction(execution.action_id);
      const prepared = await prepare(
        action,
        saved.parameters,
        saved.context,
        execution.incident_id,
      );
      const release = await admit(prepared);
      let approved: Execution | null;
      try {
        approved = await store.transaction(async (tx) =>
          (await tx.parkedExecutions.take(id))
            ? tx.executions.update(
                id,
                { status: 'pending', approved_by: by, request: prepared.command.masked },
                { leaseUntil: leaseUntil(prepared) },
              )
            : null,
        );
      } catch (error) {
        release();
        throw error;
      }
      if (!approved) {
        release();
        throw alreadyDecided(id);
      }
      await publishExecution(bus, approved, 'approved', prepared.affected, by);
      await admitAndStart(approved, prepared, release);
      return approved;
    },
    async reject(id, by) {
      await pendingOne(id);
      const rejected = await store.transaction(async (tx) => {
        // Taking the row is the claim; one parked before parameters were stored has none to take.
        const claimed = (await tx.parkedExecutions.take(id)) !== null;
        if (!claimed && (await tx.executions.get(id))?.status !== 'pending_approval') return null;
        return tx.executions.update(id, {
          status: 'rejected',
          approved_by: by,
          finished_at: toIso(clock.now()),
        });
      });
      if (!rejected) throw alreadyDecided(id);
      await publishExecution(
        bus,
        rejected,
        'rejected',
        await affectedServices(store, rejected.incident_id, {}),
        by,
      );
      return rejected;
    },
    async failInterrupted(everyRun) {
      const failed = await store.executions.failInterrupted({
        nowMs: clock.now(),
        everyRun,
        patch: {
          status: 'failed',
          error_message: INTERRUPTED_MESSAGE,
          finished_at: toIso(clock.now()),
        },
      });
      for (const execution of failed)
        await publishExecution(
          bus,
          execution,
          'finished',
          await affectedServices(store, execution.incident_id, {}),
        );
      return failed.length;
    },
    async health() {
      const cfg = config();
      const [queued, waiting] = await Promise.all([
        store.executions.list({ status: 'pending', limit: 1 }),
        store.executions.list({ status: 'pending_approval', limit: 1 }),
      ]);
      return {
        enabled: cfg.enabled,
        kill_switch: cfg.kill_switch,
        auto_execute: cfg.auto_execute,
        running: state.running,
        queued: queued.total,
        pending_approval: waiting.total,
      };
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
