import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router';
import { AppProviders } from './app-providers';
import type { AppServices } from './app-services';
import { CrashScreen } from './errors/crash-screen';
import { ErrorBoundary } from './errors/error-boundary';

/** The outer boundary catches what the shell's own boundary cannot: a crash in the shell itself. */
export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <ErrorBoundary fallback={(error) => <CrashScreen error={error} />}>
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
