import { hostname } from 'node:os';
import { AGENT_DISPLAY_NAMES, AGENT_IDS, type AgentHealth, type AgentId } from '@vigil/contract';
import type { Clock } from '../../shared/clock';
import type { AgentStatusRecord, AgentStatusRepository } from '../../store/agent-status-repository';
import {
  createAgentHealthTracker,
  DEFAULT_HEALTH_THRESHOLDS,
  type AgentHealthTracker,
  type HealthThresholds,
} from './agent-health';
import { withWorkers, type AgentWithWorkers } from './worker-roster';

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
  thresholds?: HealthThresholds;
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
  /** Writes heartbeats every `everyMs`; the returned function stops and marks the agents offline. */
  startHeartbeatWriter(
    repository: AgentStatusRepository,
    everyMs: number,
    onError: (error: unknown) => void,
  ): () => Promise<void>;
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
  const thresholds = options.thresholds ?? DEFAULT_HEALTH_THRESHOLDS;
  const trackers = new Map<AgentId, AgentHealthTracker>();
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  let storedRows: readonly AgentStatusRecord[] = [];
  const withRoster = (agents: AgentView[]): AgentWithWorkers[] =>
    withWorkers(agents, storedRows, options.clock.now(), thresholds);

  const view = (id: AgentId): AgentView => {
    const url = options.serverUrl();
    const tracker = trackers.get(id);
    const queueDepth = Math.max(0, Math.round(options.queueDepth?.(id) ?? 0));
    const snapshot = tracker?.snapshot(options.clock.now(), queueDepth);
    return {
      id,
      name: AGENT_DISPLAY_NAMES[id],
      description: AGENT_DESCRIPTIONS[id],
      status: snapshot?.status ?? 'offline',
      lastSeen: snapshot?.lastSeen ?? null,
      processed: snapshot?.processed ?? 0,
      queueDepth: snapshot?.queueDepth ?? 0,
      lastError: snapshot?.lastError ?? null,
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

  return {
    ids: AGENT_IDS,
    register(id) {
      const existing = trackers.get(id);
      if (existing) return existing;
      const tracker = createAgentHealthTracker(thresholds);
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
    startHeartbeatWriter(repository, everyMs, onError) {
      const beat = async (): Promise<void> => {
        await write(repository);
        if (options.remoteWorkers) storedRows = await repository.list();
      };
      const timer = setInterval(() => {
        beat().catch(onError);
      }, everyMs);
      timer.unref();
      void beat().catch(onError);
      return async () => {
        clearInterval(timer);
        await write(repository, 'offline').catch(onError);
      };
    },
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
