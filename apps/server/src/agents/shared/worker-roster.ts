import type { AgentHealth } from '@vigil/contract';
import type { AgentStatusRecord } from '../../store/agent-status-repository';
import { DEFAULT_HEALTH_THRESHOLDS, type HealthThresholds } from './agent-health';
import type { AgentView } from './agent-registry';

/** One process running an agent, as `GET /api/agents` lists it. */
export interface WorkerView {
  id: string;
  url: string;
  port: number | null;
  status: AgentHealth;
  lastSeen: number | null;
  processed: number;
  queueDepth: number;
  lastError: string | null;
}

/** An agent with its workers; its status is the worst of theirs (offline with none). */
export interface AgentWithWorkers extends AgentView {
  workers: WorkerView[];
}

const SEVERITY: Record<AgentHealth, number> = {
  healthy: 0,
  warning: 1,
  unknown: 2,
  unhealthy: 3,
  offline: 4,
};

export const worstOf = (statuses: readonly AgentHealth[]): AgentHealth =>
  statuses.reduce<AgentHealth>(
    (worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst),
    statuses[0] ?? 'offline',
  );

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;

/** A status row read from another process: its own verdict, unless it has gone quiet since. */
function remoteWorker(
  row: AgentStatusRecord,
  nowMs: number,
  thresholds: HealthThresholds,
  listedAfter: number,
): WorkerView | null {
  // A worker that stopped cleanly wrote `offline` on its way out: it left, so it is not listed.
  if (row.lastSeen === null || row.status === 'offline') return null;
  // Already offline at the last discovery pass: it is gone, not just down.
  if (row.lastSeen <= listedAfter) return null;
  const silentFor = nowMs - row.lastSeen;
  const reported = (row.status in SEVERITY ? row.status : 'unknown') as AgentHealth;
  const status: AgentHealth =
    silentFor >= thresholds.offlineAfterMs
      ? 'offline'
      : silentFor >= thresholds.stalledAfterMs
        ? worstOf([reported, 'unhealthy'])
        : reported;
  return {
    id: row.workerId,
    url: text(row.details.url) ?? '',
    port: typeof row.details.port === 'number' ? row.details.port : null,
    status,
    lastSeen: row.lastSeen,
    processed: count(row.details.processed),
    queueDepth: count(row.details.queue_depth),
    lastError: text(row.details.last_error),
  };
}

/**
 * Joins the live view of the agents in this process with the heartbeats other processes wrote
 * (scale-out: `vigil agent NAME` workers), one entry per agent. `listedAfter` comes from the last
 * discovery pass: a worker whose last beat is not after it has left the list.
 */
export function withWorkers(
  agents: readonly AgentView[],
  rows: readonly AgentStatusRecord[],
  nowMs: number,
  thresholds: HealthThresholds = DEFAULT_HEALTH_THRESHOLDS,
  listedAfter = Number.NEGATIVE_INFINITY,
): AgentWithWorkers[] {
  return agents.map((agent) => {
    const workers: WorkerView[] = [];
    if (agent.inProcess)
      workers.push({
        id: agent.workerId,
        url: agent.url,
        port: agent.port,
        status: agent.status,
        lastSeen: agent.lastSeen,
        processed: agent.processed,
        queueDepth: agent.queueDepth,
        lastError: agent.lastError,
      });
    for (const row of rows) {
      if (row.agentId !== agent.id || row.workerId === agent.workerId) continue;
      const worker = remoteWorker(row, nowMs, thresholds, listedAfter);
      if (worker) workers.push(worker);
    }
    if (workers.length === 0) return { ...agent, workers };
    const seen = workers.map((w) => w.lastSeen).filter((t): t is number => t !== null);
    const first = workers[0];
    return {
      ...agent,
      workers,
      status: worstOf(workers.map((w) => w.status)),
      lastSeen: seen.length > 0 ? Math.max(...seen) : null,
      processed: workers.reduce((sum, w) => sum + w.processed, 0),
      queueDepth: Math.max(...workers.map((w) => w.queueDepth)),
      lastError: workers.find((w) => w.lastError !== null)?.lastError ?? null,
      url: first?.url ?? agent.url,
      port: first?.port ?? agent.port,
    };
  });
}
