/**
 * Health colours of the service graph and the service list (spec part 1 section 4). The rules
 * are kept exactly as the spec states them, including their order: a node that reports
 * `healthy` with a low score is shown critical, and a status nobody recognises stays grey.
 */
export type HealthColour =
  'healthy' | 'warning' | 'degraded' | 'critical' | 'unknown' | 'maintenance';

/** Tailwind classes per colour, for dots and fills; the colours are tokens in index.css. */
export const HEALTH_COLOUR_BG: Record<HealthColour, string> = {
  healthy: 'bg-status-healthy',
  warning: 'bg-status-warning',
  degraded: 'bg-status-degraded',
  critical: 'bg-status-critical',
  unknown: 'bg-status-unknown',
  maintenance: 'bg-status-maintenance',
};

/** Canvas drawing needs the colour value itself, not a class. */
export const HEALTH_COLOUR_VAR: Record<HealthColour, string> = {
  healthy: 'var(--color-status-healthy)',
  warning: 'var(--color-status-warning)',
  degraded: 'var(--color-status-degraded)',
  critical: 'var(--color-status-critical)',
  unknown: 'var(--color-status-unknown)',
  maintenance: 'var(--color-status-maintenance)',
};

type Score = number | null | undefined;

const normalise = (status: string | null | undefined): string =>
  (status ?? '').trim().toLowerCase();
const atLeast = (score: Score, floor: number): boolean =>
  typeof score === 'number' && score >= floor;
const below = (score: Score, ceiling: number): boolean =>
  typeof score === 'number' && score < ceiling;

/** The graph's node colour. `healthScore` is 0 to 1; a missing score never counts as low. */
export function nodeHealthColour(
  status: string | null | undefined,
  healthScore: Score,
): HealthColour {
  const word = normalise(status);
  const good = word === 'healthy' || word === 'ok';
  if (good && atLeast(healthScore, 0.9)) return 'healthy';
  if (good && atLeast(healthScore, 0.7)) return 'warning';
  if (word === 'degraded') return 'degraded';
  if (word === 'unhealthy' || word === 'critical' || below(healthScore, 0.7)) return 'critical';
  return 'unknown';
}

/** The list view's dot: only four colours, and only `healthy` (not `ok`) can be green or yellow. */
export function listDotColour(
  status: string | null | undefined,
  healthScore: Score,
): Extract<HealthColour, 'healthy' | 'warning' | 'critical' | 'unknown'> {
  const word = normalise(status);
  if (word === 'healthy' && atLeast(healthScore, 0.9)) return 'healthy';
  if (word === 'healthy' && atLeast(healthScore, 0.7)) return 'warning';
  if (word === 'unhealthy' || below(healthScore, 0.7)) return 'critical';
  return 'unknown';
}
