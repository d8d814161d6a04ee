import type { AgentTone } from './agent-health';

/** Colour tokens per tone: one for Tailwind classes, one for the canvas. */
export const AGENT_TONE_TOKEN: Record<AgentTone, string> = {
  good: '--color-status-healthy',
  warning: '--color-status-warning',
  bad: '--color-status-critical',
  unknown: '--color-status-unknown',
};

export const AGENT_TONE_DOT: Record<AgentTone, string> = {
  good: 'bg-status-healthy',
  warning: 'bg-status-warning',
  bad: 'bg-status-critical',
  unknown: 'bg-status-unknown',
};
