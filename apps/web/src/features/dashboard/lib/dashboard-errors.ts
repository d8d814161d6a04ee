import { NetworkError } from '../../../lib/api-error';

/** The dashboard's red banners, worded as the error catalogue (spec part 1 section 8). */
export const DASHBOARD_ERRORS = {
  unreachable: 'Could not connect to backend API. Agents are unreachable.',
  agents: 'Could not fetch agent status. Backend API may be down.',
  overview: 'Could not fetch dashboard data. Backend API may be down.',
} as const;

export interface DashboardFailures {
  agents: unknown;
  overview: unknown;
}

/**
 * The banners to show: an unreachable backend is one banner (not one per call); otherwise each
 * failing call names itself.
 */
export function dashboardBanners({ agents, overview }: DashboardFailures): string[] {
  if (agents instanceof NetworkError || overview instanceof NetworkError) {
    return [DASHBOARD_ERRORS.unreachable];
  }
  const banners: string[] = [];
  if (agents) banners.push(DASHBOARD_ERRORS.agents);
  if (overview) banners.push(DASHBOARD_ERRORS.overview);
  return banners;
}
