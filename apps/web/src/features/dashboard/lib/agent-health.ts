import type { AgentHealth } from '@vigil/contract';

/** How the dashboard reads an agent's health word (spec part 1 section 4). */
export type AgentTone = 'good' | 'warning' | 'bad' | 'unknown';

export const ORCHESTRATOR_ID = 'orchestrator';

/** healthy is good; warning is warning; unhealthy or error are bad; anything else unknown. */
export function agentTone(status: string | null | undefined): AgentTone {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'healthy':
      return 'good';
    case 'warning':
      return 'warning';
    case 'unhealthy':
    case 'error':
      return 'bad';
    default:
      return 'unknown';
  }
}

/** The orchestrator is always presented as healthy: the console is talking to it. */
export function presentedStatus(agentId: string, status: AgentHealth | string): string {
  return agentId === ORCHESTRATOR_ID ? 'healthy' : status;
}

/** The card badge has two words only: Healthy, or Unhealthy for everything else. */
export function badgeLabel(presented: string): 'Healthy' | 'Unhealthy' {
  return agentTone(presented) === 'good' ? 'Healthy' : 'Unhealthy';
}
