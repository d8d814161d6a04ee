import type { AgentStatus } from '@vigil/contract';
import type { BadgeVariant } from '../../../components/ui/badge';
import { HEALTH_COLOUR_BG, type HealthColour } from '../../../lib/health-colour';

type Health = AgentStatus['status'];

const BADGE: Record<Health, BadgeVariant> = {
  healthy: 'success',
  unhealthy: 'destructive',
  offline: 'warning',
  unknown: 'secondary',
};

const DOT: Record<Health, HealthColour> = {
  healthy: 'healthy',
  unhealthy: 'critical',
  offline: 'degraded',
  unknown: 'unknown',
};

/** The badge look of an agent's health on its sub-tab (spec part 2 section 4: four states). */
export const agentStatusBadge = (status: Health): BadgeVariant => BADGE[status];

export const agentStatusDot = (status: Health): string => HEALTH_COLOUR_BG[DOT[status]];

export const agentStatusLabel = (status: Health): string =>
  status.charAt(0).toUpperCase() + status.slice(1);
