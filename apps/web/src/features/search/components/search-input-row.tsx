import { History, Search, SlidersHorizontal, X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { cn } from '../../../lib/cn';

export const SEARCH_PLACEHOLDER = 'Search applications, anomalies, policies...';

const iconButton =
  'inline-flex size-7 items-center justify-center rounded-md text-subtle hover:bg-surface-hover hover:text-foreground aria-pressed:text-primary';

export interface SearchInputRowProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  filtersOpen: boolean;
  historyOpen: boolean;
  hasFilters: boolean;
  autoFocus?: boolean;
  onQuery: (query: string) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onToggleFilters: () => void;
  onToggleHistory: () => void;
  /** Shown as a close button (the mobile overlay). */
  onClose?: () => void;
}

/** The search box with its filter and history buttons. */
export function SearchInputRow(props: SearchInputRowProps) {
  return (
    <div className="relative flex items-center gap-2">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        />
        <input
          ref={props.inputRef}
          type="search"
          aria-label="Global search"
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          autoFocus={props.autoFocus}
          value={props.query}
          onChange={(event) => props.onQuery(event.target.value)}
          onFocus={props.onFocus}
          onKeyDown={props.onKeyDown}
          className="h-9 w-full rounded-md border border-border bg-background pr-16 pl-9 text-sm text-foreground placeholder:text-subtle hover:border-border-strong focus:border-primary focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <div className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center">
          <button
            type="button"
            aria-label="Search filters"
            aria-pressed={props.filtersOpen}
            onClick={props.onToggleFilters}
            className={cn(iconButton, props.hasFilters && 'text-primary')}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label="Search history"
            aria-pressed={props.historyOpen}
            onClick={props.onToggleHistory}
            className={iconButton}
          >
            <History aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      {props.onClose && (
        <button
          type="button"
          aria-label="Close search"
          onClick={props.onClose}
          className={iconButton}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}
