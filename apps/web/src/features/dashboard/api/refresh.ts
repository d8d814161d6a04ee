/** Spec part 1 section 9: every dashboard call refreshes every 5 s. */
export const DASHBOARD_REFRESH_MS = 5_000;
