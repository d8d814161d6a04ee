import { Filter, List, Network } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { cn } from '../../../lib/cn';

export type ViewMode = 'graph' | 'list';

export interface ApplicationsToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
}

const VIEWS: ReadonlyArray<{ value: ViewMode; label: string; icon: typeof List }> = [
  { value: 'graph', label: 'Graph', icon: Network },
  { value: 'list', label: 'List', icon: List },
];

/**
 * Search box, Filter button and the Graph/List toggle. The spec gives the search box no effect
 * on what is shown and the Filter button no behaviour, so neither pretends to have one.
 */
export function ApplicationsToolbar({
  search,
  onSearchChange,
  view,
  onViewChange,
}: ApplicationsToolbarProps) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <SearchInput
        wrapperClassName="min-w-0 flex-1 basis-56"
        aria-label="Search systems"
        placeholder="Search systems..."
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Button disabled title="Filters are not available yet">
        <Filter aria-hidden="true" />
        Filter
      </Button>
      <div
        role="group"
        aria-label="View"
        className="flex rounded-md border border-border-strong p-0.5"
      >
        {VIEWS.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => onViewChange(value)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded px-3 text-sm font-medium transition-colors',
              view === value
                ? 'bg-surface-hover text-foreground'
                : 'text-muted hover:text-foreground',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
