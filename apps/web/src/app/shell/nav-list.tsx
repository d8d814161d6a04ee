import {
  Boxes,
  LayoutDashboard,
  Lightbulb,
  ScrollText,
  Settings,
  ShieldCheck,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { NAV_ITEMS } from '../navigation';

const ICONS: Record<string, LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/applications': Boxes,
  '/anomalies': TriangleAlert,
  '/policies': ShieldCheck,
  '/recommender': Lightbulb,
  '/audit': ScrollText,
  '/settings': Settings,
};

const ITEM = 'flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium';

/** The navigation entries, shared by the side panel and the drawer so they can never differ. */
export function NavList() {
  return (
    <nav aria-label="Main navigation">
      <ul className="space-y-1">
        {NAV_ITEMS.map((item) => {
          const Icon = ICONS[item.path] ?? LayoutDashboard;
          return (
            <li key={item.path}>
              {item.disabledHint ? (
                <span
                  aria-disabled="true"
                  title={item.disabledHint}
                  className={cn(ITEM, 'cursor-not-allowed py-1.5 text-subtle')}
                  data-nav-item={item.label}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="flex min-w-0 flex-col leading-tight">
                    {item.label}
                    <span className="text-xs font-normal">{item.disabledHint}</span>
                  </span>
                </span>
              ) : (
                <NavLink
                  to={item.path}
                  data-nav-item={item.label}
                  className={({ isActive }) =>
                    cn(
                      ITEM,
                      'transition-colors',
                      isActive
                        ? 'bg-primary/15 text-foreground shadow-[inset_2px_0_0_var(--color-primary)]'
                        : 'text-muted hover:bg-surface-hover hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {item.label}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
