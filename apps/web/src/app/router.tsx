import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen';
import { RouteErrorPage } from './errors/route-error-page';
import { AppShell } from './shell/app-shell';

/**
 * Every route of both spec parts. Pages are lazy modules, so each screen is its own chunk and
 * the first paint loads only the shell and the page shown.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: BootScreen,
    children: [
      {
        index: true,
        loader: ({ request }) => redirect(`/dashboard${new URL(request.url).search}`),
      },
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('./routes/dashboard-route')).DashboardRoute,
        }),
      },
      {
        path: 'applications',
        lazy: async () => ({
          Component: (await import('./routes/applications-route')).ApplicationsRoute,
        }),
      },
      {
        path: 'anomalies',
        lazy: async () => ({
          Component: (await import('./routes/anomalies-route')).AnomaliesRoute,
        }),
      },
      {
        path: 'policies',
        lazy: async () => ({ Component: (await import('./routes/policies-route')).PoliciesRoute }),
      },
      {
        // Defined, though the menu shows it disabled (spec part 2 section 2).
        path: 'recommender',
        lazy: async () => ({
          Component: (await import('./routes/recommender-route')).RecommenderRoute,
        }),
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await import('./routes/audit-route')).AuditRoute }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./routes/settings-route')).SettingsRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
