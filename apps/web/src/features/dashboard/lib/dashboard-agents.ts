import type { AgentsMap } from '@vigil/contract';
import { agentTone, presentedStatus, type AgentTone } from './agent-health';
import { displayPort } from './agent-port';

/** One agent as the dashboard shows it: the spec's presentation rules already applied. */
export interface DashboardAgent {
  id: string;
  name: string;
  status: string;
  tone: AgentTone;
  description: string;
  url: string;
  port: string;
}

/** The server's agents map, in its order (the spec's agent list order), ready to show. */
export function toDashboardAgents(map: Partial<AgentsMap>): DashboardAgent[] {
  return Object.entries(map).flatMap(([id, agent]) => {
    if (!agent) return [];
    const status = presentedStatus(id, agent.status);
    return [
      {
        id,
        name: agent.name || id,
        status,
        tone: agentTone(status),
        description: agent.description,
        url: agent.url,
        port: displayPort(id, agent.url),
      },
    ];
  });
}
