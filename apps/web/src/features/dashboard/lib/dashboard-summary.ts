import type { ProductStatus } from '@vigil/contract';
import { agentTone } from './agent-health';

/** Online when either agents-running flag is true or the status text is 'online' (section 4). */
export function isOrchestratorOnline(
  status:
    | Pick<ProductStatus, 'vigil_agents_running' | 'orbit_agents_running' | 'status'>
    | null
    | undefined,
): boolean {
  if (!status) return false;
  return (
    status.vigil_agents_running === true ||
    status.orbit_agents_running === true ||
    String(status.status ?? '')
      .trim()
      .toLowerCase() === 'online'
  );
}

/** Active agents are the healthy ones only. */
export function countHealthy(presentedStatuses: readonly string[]): number {
  return presentedStatuses.filter((status) => agentTone(status) === 'good').length;
}

/** healthy / max(healthy, total), as a whole percent; no agents at all reads 0 %. */
export function systemHealthPercent(healthy: number, total: number): number {
  const denominator = Math.max(healthy, total);
  return denominator === 0 ? 0 : Math.round((healthy / denominator) * 100);
}
