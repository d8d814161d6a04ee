import type { Locator } from 'playwright-core';

/** The navigation entries, in the spec's order, as the side panel and the drawer list them. */
export const NAV_ITEMS = [
  'Dashboard',
  'Applications',
  'Anomalies',
  'Governance',
  'Recommender',
  'Audit',
  'Settings',
] as const;

/** The `data-nav-item` names inside a navigation container, in document order. */
export const navItemNames = (container: Locator): Promise<Array<string | null>> =>
  container
    .locator('[data-nav-item]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-nav-item')));

/** Every route of both spec parts, with what its page and the header must show. */
export interface RouteExpectation {
  path: string;
  /** The page's h1. */
  heading: string;
  /** The header's title (the navigation label). */
  headerTitle: string;
  subtitle?: string;
  /** A file-name-safe name for screenshots. */
  name: string;
}

export const ROUTES: readonly RouteExpectation[] = [
  {
    path: '/dashboard',
    heading: 'Dashboard',
    headerTitle: 'Dashboard',
    subtitle: 'System overview and monitoring status',
    name: 'dashboard',
  },
  {
    path: '/applications',
    heading: 'Applications',
    headerTitle: 'Applications',
    subtitle: 'Manage and monitor your application ecosystem',
    name: 'applications',
  },
  { path: '/anomalies', heading: 'Anomalies', headerTitle: 'Anomalies', name: 'anomalies' },
  { path: '/policies', heading: 'Approved Actions', headerTitle: 'Governance', name: 'policies' },
  {
    path: '/recommender',
    heading: 'System Recommender',
    headerTitle: 'Recommender',
    name: 'recommender',
  },
  { path: '/audit', heading: 'Audit Trail', headerTitle: 'Audit', name: 'audit' },
  { path: '/settings', heading: 'Vigil Configuration', headerTitle: 'Settings', name: 'settings' },
];
