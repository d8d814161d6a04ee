import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { CrashProbe } from '../errors/crash-probe';
import { CrashScreen } from '../errors/crash-screen';
import { ErrorBoundary } from '../errors/error-boundary';
import { documentTitleFor, pageTitleFor } from '../navigation';
import { AppHeader } from './app-header';
import { SidePanel } from './side-panel';

/**
 * The drawer's open state, closed whenever the location changes (a link in the drawer, back and
 * forward, a search result) and whenever the window grows into the side panel's width. The
 * state is adjusted during render rather than in an effect, so no frame shows the drawer open on
 * the new page.
 */
function useDrawerState(): [boolean, (open: boolean) => void] {
  const location = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setOpen(false);
  }
  if (open && isDesktop) setOpen(false);
  return [open, setOpen];
}

export function AppShell() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useDrawerState();

  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader
        title={pageTitleFor(pathname)}
        drawer={{ open: drawerOpen, onOpenChange: setDrawerOpen }}
      />
      <div className="flex min-h-[calc(100dvh-var(--spacing-header))]">
        <SidePanel />
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-6 lg:px-8"
        >
          <div className="mx-auto max-w-page">
            {/* A crash in one page keeps the header and navigation usable; moving on clears it. */}
            <ErrorBoundary resetKey={pathname} fallback={(error) => <CrashScreen error={error} />}>
              <CrashProbe />
              <Outlet />
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
