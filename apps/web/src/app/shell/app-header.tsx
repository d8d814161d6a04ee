import { Link } from 'react-router';
import { SearchBox } from '../../features/search/components/search-box';
import { PRODUCT_NAME } from '../navigation';
import { NavDrawer, type NavDrawerProps } from './nav-drawer';
import { VigilLogo } from './vigil-logo';

export interface AppHeaderProps {
  title: string;
  drawer: NavDrawerProps;
}

/**
 * Logo, page title and the global search. Below 768 px the search box wraps onto its own row so
 * the title keeps its room.
 */
export function AppHeader({ title, drawer }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="flex min-h-header flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 md:px-4 md:py-0">
        <NavDrawer {...drawer} />
        <Link
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight text-foreground"
        >
          <VigilLogo className="size-7" />
          <span className="hidden sm:inline">{PRODUCT_NAME}</span>
        </Link>
        <span aria-hidden="true" className="hidden h-5 w-px bg-border-strong sm:block" />
        <p
          data-testid="header-title"
          className="min-w-0 flex-1 truncate text-sm font-medium text-muted md:flex-none"
        >
          {title}
        </p>
        <SearchBox className="order-last w-full md:order-none md:ml-auto md:w-80 xl:w-96" />
      </div>
    </header>
  );
}
