import type { BadgeVariant } from '../../../components/ui/badge';

/**
 * Spec part 1 section 9, badge colours: critical and high red; medium warning; low default;
 * active, healthy, running, success green; inactive, unhealthy, stopped, failed red; warning and
 * pending amber. Anything else is secondary.
 */
const VARIANTS: Record<string, BadgeVariant> = {
  critical: 'destructive',
  high: 'destructive',
  medium: 'warning',
  low: 'default',
  active: 'success',
  healthy: 'success',
  running: 'success',
  success: 'success',
  inactive: 'destructive',
  unhealthy: 'destructive',
  stopped: 'destructive',
  failed: 'destructive',
  warning: 'warning',
  pending: 'warning',
};

export const searchBadgeVariant = (value: string): BadgeVariant =>
  VARIANTS[value.toLowerCase()] ?? 'secondary';
