import { NavList } from './nav-list';

/** The desktop navigation (≥ 1024 px); below that the drawer takes over. */
export function SidePanel() {
  return (
    <aside
      data-testid="side-panel"
      className="sticky top-header hidden h-[calc(100dvh-var(--spacing-header))] w-side-panel shrink-0 overflow-y-auto border-r border-border bg-surface px-3 py-4 lg:block"
    >
      <NavList />
    </aside>
  );
}
