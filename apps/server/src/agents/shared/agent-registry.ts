import { hostname } from 'node:os';
import { AGENT_DISPLAY_NAMES, AGENT_IDS, type AgentHealth, type AgentId } from '@vigil/contract';
import type { Clock } from '../../shared/clock';
import type { AgentStatusRecord, AgentStatusRepository } from '../../store/agent-status-repository';
import {
  createAgentHealthTracker,
  type AgentHealthTracker,
  type HealthThresholds,
} from './agent-health';
import {
  DEFAULT_HEALTH_SETTINGS,
  localThresholds,
  remoteThresholds,
  type HealthSettings,
} from './health-settings';
import { realTimers, repeatEvery, type Timers } from './repeat';
import { withWorkers, worstOf, type AgentWithWorkers } from './worker-roster';

export const AGENT_DESCRIPTIONS: Record<AgentId, string> = {
  orchestrator:
    'Groups anomalies into incidents (dedup, bursts, coalescing) and drives the other agents.',
  anomaly_detector:
    'Mines log templates per component and scores every record with an ensemble of models.',
  traceability: 'Correlates the logs around an incident by trace id and finds the root system log.',
  remediation:
    'Plans recovery from the approved-action catalogue, with preventive measures and verification.',
  rca: 'Explains the root cause of an incident from the evidence, step by step.',
  executor: 'Runs approved actions safely, with validation, dry runs and an audit record.',
  collaborator: 'Tells people: email and webhook notifications about incidents and executions.',
};

/** One agent as the status calls show it. */
export interface AgentView {
  id: AgentId;
  name: string;
  description: string;
  status: AgentHealth;
  lastSeen: number | null;
  processed: number;
  queueDepth: number;
  lastError: string | null;
  /** Runs in this process (so it can be restarted here); agents not built or not started do not. */
  inProcess: boolean;
  url: string;
  port: number | null;
  workerId: string;
}

export interface AgentRegistryOptions {
  clock: Clock;
  /** The server's own base URL (`http://host:port`), known only once it listens. */
  serverUrl: () => string;
  /** Live health settings (probe timeout, registry intervals, monitoring limits). */
  settings?: () => HealthSettings;
  /** Fixed thresholds for local and remote agents alike (tests); otherwise derived from `settings`. */
  thresholds?: HealthThresholds;
  timers?: Timers;
  /** Backlog per agent (the bus depth of the topics it consumes). */
  queueDepth?: (id: AgentId) => number;
  workerId?: string;
  /**
   * Scale-out: agents also run in other processes, known by the heartbeats they store (read when
   * this process writes its own). Embedded mode leaves it off: stored rows there are only this
   * process's earlier lives.
   */
  remoteWorkers?: boolean;
}

export interface AgentRegistry {
  readonly ids: readonly AgentId[];
  /** The health tracker of an agent that runs in this process; calling it registers the agent as running here. */
  register(id: AgentId): AgentHealthTracker;
  /** Every agent with its workers (this process's and, in scale-out, the others'). */
  list(): AgentWithWorkers[];
  get(id: AgentId): AgentWithWorkers;
  /** Writes one status row per in-process agent (other processes read them). */
  writeHeartbeats(repository: AgentStatusRepository): Promise<void>;
  /**
   * Beats every agent registered here from the process's event loop: when the loop blocks, the
   * beats stop and the agents turn unhealthy, then offline. Returns the function that stops it.
   */
  startLoopHeartbeat(everyMs: number): () => void;
  /**
   * Writes heartbeats (and, in scale-out, re-reads the other workers' rows) every registry health
   * interval; the returned function stops and marks the agents offline.
   */
  startHeartbeatWriter(
    repository: AgentStatusRepository,
    onError: (error: unknown) => void,
  ): () => Promise<void>;
  /**
   * One discovery pass: re-reads the workers (scale-out) and drops from the list every worker
   * already offline now. `startHeartbeatWriter` runs it every discovery interval.
   */
  discover(repository: AgentStatusRepository): Promise<void>;
}

export function portOf(url: string): number | null {
  try {
    const parsed = new URL(url);
    if (parsed.port !== '') return Number(parsed.port);
    return parsed.protocol === 'https:' ? 443 : parsed.protocol === 'http:' ? 80 : null;
  } catch {
    return null;
  }
}

/**
 * Knows the seven agents and the live health of those running here. An agent that is not
 * running in this process reports `offline`, and one that has not beaten yet `unknown`:
 * nothing is reported healthy unless its own loop says so.
 */
export function createAgentRegistry(options: AgentRegistryOptions): AgentRegistry {
  const settings = options.settings ?? (() => DEFAULT_HEALTH_SETTINGS);
  const localLimits = (): HealthThresholds => options.thresholds ?? localThresholds(settings());
  const remoteLimits = (): HealthThresholds => options.thresholds ?? remoteThresholds(settings());
  const timers = options.timers ?? realTimers;
  const trackers = new Map<AgentId, AgentHealthTracker>();
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  let storedRows: readonly AgentStatusRecord[] = [];
  // Workers whose last beat is not after this had gone offline at the last discovery pass.
  let listedAfter = options.clock.now() - remoteLimits().offlineAfterMs;
  const withRoster = (agents: AgentView[]): AgentWithWorkers[] =>
    withWorkers(agents, storedRows, options.clock.now(), remoteLimits(), listedAfter);

  /** Failed share of every in-process agent's steps, when above `max_error_rate`. */
  const pipelineDegradation = (nowMs: number): string | null => {
    let ok = 0;
    let failed = 0;
    for (const tracker of trackers.values()) {
      const steps = tracker.stepMetrics(nowMs);
      ok += steps.ok;
      failed += steps.failed;
    }
    const limit = settings().maxPipelineErrorRate;
    const rate = failed / Math.max(1, ok + failed);
    return failed > 0 && rate > limit
      ? `pipeline error rate ${Number((rate * 100).toFixed(1))}% is above the maximum of ${Number((limit * 100).toFixed(1))}% (${failed} of ${ok + failed} steps failed)`
      : null;
  };

  const view = (id: AgentId): AgentView => {
    const url = options.serverUrl();
    const tracker = trackers.get(id);
    const nowMs = options.clock.now();
    const queueDepth = Math.max(0, Math.round(options.queueDepth?.(id) ?? 0));
    const snapshot = tracker?.snapshot(nowMs, queueDepth);
    // The orchestrator watches the pipeline: its status carries the pipeline's error rate.
    const pipeline = snapshot && id === 'orchestrator' ? pipelineDegradation(nowMs) : null;
    const status = snapshot?.status ?? 'offline';
    return {
      id,
      name: AGENT_DISPLAY_NAMES[id],
      description: AGENT_DESCRIPTIONS[id],
      status: pipeline && status !== 'unknown' ? worstOf([status, 'warning']) : status,
      lastSeen: snapshot?.lastSeen ?? null,
      processed: snapshot?.processed ?? 0,
      queueDepth: snapshot?.queueDepth ?? 0,
      // When the step metrics degrade the status, the reason is shown where errors are.
      lastError: snapshot?.lastError ?? snapshot?.degradedBy ?? pipeline ?? null,
      inProcess: tracker !== undefined,
      url,
      port: portOf(url),
      workerId,
    };
  };

  const write = async (
    repository: AgentStatusRepository,
    override?: AgentHealth,
  ): Promise<void> => {
    for (const id of trackers.keys()) {
      const agent = view(id);
      await repository.upsert({
        agentId: id,
        workerId,
        status: override ?? agent.status,
        lastSeen: agent.lastSeen,
        details: {
          url: agent.url,
          port: agent.port,
          processed: agent.processed,
          queue_depth: agent.queueDepth,
          last_error: agent.lastError,
        },
      });
    }
  };

  const discover = async (repository: AgentStatusRepository): Promise<void> => {
    if (options.remoteWorkers) storedRows = await repository.list();
    listedAfter = options.clock.now() - remoteLimits().offlineAfterMs;
  };

  return {
    ids: AGENT_IDS,
    register(id) {
      const existing = trackers.get(id);
      if (existing) return existing;
      const tracker = createAgentHealthTracker(localLimits);
      trackers.set(id, tracker);
      return tracker;
    },
    list: () => withRoster(AGENT_IDS.map(view)),
    get: (id) => withRoster([view(id)])[0] ?? { ...view(id), workers: [] },
    writeHeartbeats: (repository) => write(repository),
    startLoopHeartbeat(everyMs) {
      const timer = setInterval(() => {
        const now = options.clock.now();
        for (const tracker of trackers.values()) tracker.beat(now);
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    startHeartbeatWriter(repository, onError) {
      const beat = async (): Promise<void> => {
        await write(repository);
        if (options.remoteWorkers) storedRows = await repository.list();
      };
      const stopBeats = repeatEvery(
        () => settings().registryHealthIntervalMs,
        () => void beat().catch(onError),
        timers,
      );
      const stopDiscovery = repeatEvery(
        () => settings().discoveryIntervalMs,
        () => void discover(repository).catch(onError),
        timers,
      );
      void beat().catch(onError);
      return async () => {
        stopBeats();
        stopDiscovery();
        await write(repository, 'offline').catch(onError);
      };
    },
    discover,
  };
}

/**
 * The settings list has no `warning`: a warning is a loop that runs but failed recently, and
 * the loop is what that status reports, so it reads `healthy` there (the error stays visible in
 * `GET /api/agents` as `warning` with `last_error`). `unhealthy` is kept for a stalled loop.
 */
export function settingsStatus(
  status: AgentHealth,
): 'healthy' | 'unhealthy' | 'offline' | 'unknown' {
  return status === 'warning' ? 'healthy' : status;
}

/** A loop that runs: healthy, or healthy but with a recent error. */
export const isRunning = (status: AgentHealth): boolean =>
  status === 'healthy' || status === 'warning';
