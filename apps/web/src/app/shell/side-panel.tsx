import { NavList } from './nav-list';

/**
 * The desktop navigation (≥ 1024 px); below that the drawer takes over. The column stretches to
 * the full height of the page (so its background never stops short on long pages) while the list
 * inside stays in view as the page scrolls.
 */
export function SidePanel() {
  return (
    <aside
      data-testid="side-panel"
      className="hidden w-side-panel shrink-0 border-r border-border bg-surface lg:block"
    >
      <div className="sticky top-header max-h-[calc(100dvh-var(--spacing-header))] overflow-y-auto px-3 py-4">
        <NavList />
      </div>
    </aside>
  );
}
