import type { AgentStatus } from '@vigil/contract';
import { settingsStatus, type AgentView } from '../agents/shared/agent-registry';
import { toIso } from '../shared/clock';

/** An agent as the settings screen shows it (the same shape as `GET /api/settings/agents/status`). */
export function agentStatusOf(agent: AgentView): AgentStatus {
  return {
    agent_id: agent.id,
    name: agent.name,
    status: settingsStatus(agent.status),
    url: agent.url,
    last_seen: agent.lastSeen === null ? null : toIso(agent.lastSeen),
    restart_available: agent.inProcess,
  };
}
