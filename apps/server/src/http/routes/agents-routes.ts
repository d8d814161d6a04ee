import type { FastifyInstance } from 'fastify';
import type { AgentInfo, AgentsMap, AgentStatus } from '@vigil/contract';
import { toIso } from '../../shared/clock';
import { settingsStatus } from '../../agents/shared/agent-registry';
import type { AgentWithWorkers } from '../../agents/shared/worker-roster';
import { ok } from '../envelope';
import type { ApiRouteDeps } from './api-routes';

const iso = (ms: number | null): string | null => (ms === null ? null : toIso(ms));

function agentInfo(agent: AgentWithWorkers): AgentInfo {
  return {
    name: agent.name,
    status: agent.status,
    url: agent.url,
    port: agent.port,
    description: agent.description,
    last_seen: iso(agent.lastSeen),
    processed: agent.processed,
    queue_depth: agent.queueDepth,
    last_error: agent.lastError,
    workers: agent.workers.map((worker) => ({
      id: worker.id,
      url: worker.url,
      port: worker.port,
      status: worker.status,
      last_seen: iso(worker.lastSeen),
    })),
  };
}

/** Agent status from live health (spec part 1 section 7, part 2 settings). */
export function registerAgentsRoutes(app: FastifyInstance, { agents, now }: ApiRouteDeps): void {
  app.get('/api/agents', async () => {
    const map: Partial<AgentsMap> = {};
    for (const agent of agents.list()) map[agent.id] = agentInfo(agent);
    return ok(map, 'OK', now());
  });

  app.get('/api/settings/agents/status', async () => {
    const list: AgentStatus[] = agents.list().map((agent) => ({
      agent_id: agent.id,
      name: agent.name,
      status: settingsStatus(agent.status),
      url: agent.url,
      last_seen: iso(agent.lastSeen),
      restart_available: agent.inProcess,
    }));
    return ok({ agents: list }, 'OK', now());
  });
}
