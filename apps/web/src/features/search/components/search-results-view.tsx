import { RefreshCw } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { SearchItemType, SearchResult } from '../engine/search-types';
import { TYPE_LABELS, resultCountText } from '../lib/result-summary';
import { SearchResultRow } from './search-result-row';
import type { SearchResultsState } from './use-search-results';

export interface SearchResultsViewProps {
  state: SearchResultsState;
  /** The results after the category restriction. */
  shown: SearchResult[];
  category: SearchItemType | null;
  onCategory: (type: SearchItemType | null) => void;
  activeIndex: number;
  onSelect: (result: SearchResult) => void;
  suggestions: string[];
  onSuggestion: (suggestion: string) => void;
  onRefreshIndex: () => void;
  refreshError: string | null;
}

function CategoryButton({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'rounded-md px-2 py-1 text-xs',
        pressed ? 'bg-primary text-primary-foreground' : 'text-muted hover:bg-surface-hover',
      )}
    >
      {label}
    </button>
  );
}

/** Suggestions, per-category buttons, the count with timing and the result rows. */
export function SearchResultsView(props: SearchResultsViewProps) {
  const { state, shown, category, onCategory, suggestions } = props;
  const response = state.response;
  const counts = Object.entries(response?.countsByType ?? {}) as Array<[SearchItemType, number]>;
  return (
    <div className="flex flex-col gap-2">
      {suggestions.length > 0 && (
        <div data-testid="search-suggestions" className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-subtle">Try:</span>
          {suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              onClick={() => props.onSuggestion(suggestion)}
              className="rounded-md border border-border px-2 py-0.5 font-mono text-xs text-muted hover:bg-surface-hover"
            >
              {suggestion}
            </button>
          ))}
        </div>
      )}
      {state.status === 'loading' && <p className="px-1 py-3 text-sm text-muted">Searching...</p>}
      {state.status === 'error' && (
        <p role="alert" className="px-1 py-3 text-sm text-destructive-foreground">
          {state.error}
        </p>
      )}
      {state.status === 'results' && response && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span data-testid="search-result-count" className="text-xs text-subtle">
              {resultCountText(response.results.length, response.tookMs)}
            </span>
            <button
              type="button"
              onClick={props.onRefreshIndex}
              className="inline-flex items-center gap-1 text-xs text-muted hover:text-foreground"
            >
              <RefreshCw aria-hidden="true" className="size-3" /> Refresh index
            </button>
          </div>
          {props.refreshError && (
            <p role="alert" className="text-xs text-destructive-foreground">
              {props.refreshError}
            </p>
          )}
          {counts.length > 0 && (
            <div role="group" aria-label="Result types" className="flex flex-wrap gap-1">
              <CategoryButton
                label={`All (${response.results.length})`}
                pressed={category === null}
                onClick={() => onCategory(null)}
              />
              {counts.map(([type, count]) => (
                <CategoryButton
                  key={type}
                  label={`${TYPE_LABELS[type]} (${count})`}
                  pressed={category === type}
                  onClick={() => onCategory(category === type ? null : type)}
                />
              ))}
            </div>
          )}
          {shown.length === 0 ? (
            <div className="px-1 py-6 text-center">
              <p className="text-sm font-medium text-foreground">No results found</p>
              <p className="text-xs text-muted">Try adjusting your search terms or filters</p>
            </div>
          ) : (
            <ul aria-label="Search results" className="flex flex-col">
              {shown.map((result, index) => (
                <SearchResultRow
                  key={`${result.item.type}:${result.item.id}`}
                  result={result}
                  active={index === props.activeIndex}
                  onSelect={() => props.onSelect(result)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
