import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { DASHBOARD_ERRORS, dashboardBanners } from './dashboard-errors';

const http500 = new ApiError({
  status: 500,
  statusText: 'Internal Server Error',
  detail: null,
  code: null,
  body: null,
});
const refused = new NetworkError(new TypeError('Failed to fetch'));

describe('dashboardBanners', () => {
  it('shows nothing when both calls answer', () => {
    expect(dashboardBanners({ agents: null, overview: null })).toEqual([]);
  });

  it('names each failing call', () => {
    expect(dashboardBanners({ agents: http500, overview: null })).toEqual([
      DASHBOARD_ERRORS.agents,
    ]);
    expect(dashboardBanners({ agents: null, overview: http500 })).toEqual([
      DASHBOARD_ERRORS.overview,
    ]);
    expect(dashboardBanners({ agents: http500, overview: http500 })).toEqual([
      DASHBOARD_ERRORS.agents,
      DASHBOARD_ERRORS.overview,
    ]);
  });

  it('shows one unreachable banner when the backend does not answer at all', () => {
    expect(dashboardBanners({ agents: refused, overview: refused })).toEqual([
      'Could not connect to backend API. Agents are unreachable.',
    ]);
  });
});
