import { Search } from 'lucide-react';
import { cn } from '../../../lib/cn';

export const SEARCH_PLACEHOLDER = 'Search applications, anomalies, policies...';

/**
 * The global search box in the header. Only the box for now: the search engine, the dropdown,
 * Ctrl/Cmd+K and the mobile overlay arrive with the search issue.
 */
export function SearchBox({ className }: { className?: string }) {
  return (
    <div role="search" className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
      />
      <input
        type="search"
        aria-label="Global search"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        className="h-9 w-full rounded-md border border-border bg-background pr-3 pl-9 text-sm text-foreground placeholder:text-subtle hover:border-border-strong focus:border-primary focus:outline-none"
      />
    </div>
  );
}
