import { ORCHESTRATOR_ID } from './agent-health';

/** Spec part 9: the orchestrator's port is always shown as 8080. */
export const ORCHESTRATOR_PORT = '8080';

const TRAILING_PORT = /:(\d{1,5})\/?$/;

/** The port a card shows: 8080 for the orchestrator, else the digits ending the URL, else 'unknown'. */
export function displayPort(agentId: string, url: string | null | undefined): string {
  if (agentId === ORCHESTRATOR_ID) return ORCHESTRATOR_PORT;
  const match = TRAILING_PORT.exec((url ?? '').trim());
  return match?.[1] ?? 'unknown';
}
