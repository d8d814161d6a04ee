import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../../lib/cn';
import { TABLET_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { filterOptions } from '../engine/filter-options';
import { countActiveFilters } from '../engine/item-filters';
import type { SearchFilters, SearchItemType, SearchResult } from '../engine/search-types';
import { suggestionsFor } from '../engine/suggestions';
import { FilterChips } from './filter-chips';
import { SearchFilterPanel } from './search-filter-panel';
import { SearchHistoryPanel } from './search-history-panel';
import { SearchInputRow } from './search-input-row';
import { SearchResultsView } from './search-results-view';
import { useResultNavigation } from './use-result-navigation';
import { useSearchEngine } from './use-search-engine';
import { useSearchHistory } from './use-search-history';
import { useSearchResults } from './use-search-results';
import { useSearchShortcut } from './use-search-shortcut';

export { SEARCH_PLACEHOLDER } from './search-input-row';

/** The dropdown's three mutually exclusive views, or none. */
type SearchView = 'closed' | 'results' | 'filters' | 'history';

/**
 * The global search in the header (spec part 1, "Global search"): the box, the dropdown with
 * its results, filter and history views, Ctrl/Cmd+K and Escape. Below 768 px focusing the box
 * opens a full-screen overlay, rendered into the body (the header's backdrop blur would
 * otherwise be the containing block of a fixed element).
 */
export function SearchBox({ className }: { className?: string }) {
  const engine = useSearchEngine();
  const history = useSearchHistory();
  const openResult = useResultNavigation();
  const isMobile = !useMediaQuery(TABLET_QUERY);
  const rootRef = useRef<HTMLDivElement>(null);
  const headerInputRef = useRef<HTMLInputElement>(null);
  const overlayInputRef = useRef<HTMLInputElement>(null);

  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<SearchFilters>({});
  const [view, setView] = useState<SearchView>('closed');
  const [overlay, setOverlay] = useState(false);
  const [category, setCategory] = useState<SearchItemType | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const state = useSearchResults(engine, query, filters);

  const results = state.response?.results ?? [];
  const shown = category ? results.filter((result) => result.item.type === category) : results;
  const overlayOpen = overlay && isMobile;
  const activeInput = () => (overlayOpen ? overlayInputRef : headerInputRef).current;

  useSearchShortcut(headerInputRef);

  useEffect(() => {
    if (view === 'closed' || overlayOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setView('closed');
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [view, overlayOpen]);

  const viewForQuery = (text: string): SearchView =>
    text.trim() !== '' ? 'results' : isMobile ? 'closed' : 'history';

  function changeQuery(text: string) {
    setQuery(text);
    setCategory(null);
    setActiveIndex(-1);
    setView(viewForQuery(text));
  }

  function close() {
    activeInput()?.blur();
    setView('closed');
    setOverlay(false);
  }

  function select(result: SearchResult) {
    history.remember(query, results.length, filters);
    close();
    openResult(result.item);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const active = shown[activeIndex];
      if (active) select(active);
      else if (state.status === 'results') history.remember(query, results.length, filters);
    }
  }

  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  const toggleView = (next: 'filters' | 'history') =>
    setView((current) => (current === next ? viewForQuery(query) : next));

  const inputRow = (inOverlay: boolean) => (
    <SearchInputRow
      inputRef={inOverlay ? overlayInputRef : headerInputRef}
      query={query}
      filtersOpen={view === 'filters'}
      historyOpen={view === 'history'}
      hasFilters={countActiveFilters(filters) > 0}
      autoFocus={inOverlay}
      onQuery={changeQuery}
      onFocus={() => {
        if (isMobile) setOverlay(true);
        setView((current) => (current === 'closed' ? viewForQuery(query) : current));
      }}
      onKeyDown={onInputKeyDown}
      onToggleFilters={() => toggleView('filters')}
      onToggleHistory={() => toggleView('history')}
      onClose={inOverlay ? close : undefined}
    />
  );

  const panel = view !== 'closed' && (
    <div
      data-testid="search-dropdown"
      data-view={view}
      className={cn(
        'flex flex-col gap-3 overflow-y-auto bg-surface p-3',
        overlayOpen
          ? 'min-h-0 flex-1 rounded-md'
          : 'absolute top-full right-0 z-40 mt-2 max-h-[70vh] w-[36rem] max-w-[calc(100vw-1.5rem)] rounded-lg border border-border shadow-xl',
      )}
    >
      <FilterChips filters={filters} onChange={setFilters} />
      {view === 'results' && (
        <SearchResultsView
          state={state}
          shown={shown}
          category={category}
          onCategory={(type) => {
            setCategory(type);
            setActiveIndex(-1);
          }}
          activeIndex={activeIndex}
          onSelect={select}
          suggestions={suggestionsFor(query)}
          onSuggestion={(suggestion) => {
            changeQuery(suggestion);
            activeInput()?.focus();
          }}
          onRefreshIndex={() => {
            setRefreshError(null);
            engine.refresh().catch((error: unknown) => {
              setRefreshError(error instanceof Error ? error.message : String(error));
            });
          }}
          refreshError={refreshError}
        />
      )}
      {view === 'filters' && (
        <SearchFilterPanel
          options={filterOptions(engine.items())}
          filters={filters}
          onChange={setFilters}
          onDone={() => setView(viewForQuery(query))}
        />
      )}
      {view === 'history' && (
        <SearchHistoryPanel
          recent={history.recent}
          saved={history.saved}
          query={query}
          now={Date.now()}
          onPickRecent={(recent) => {
            setFilters(recent.filters);
            changeQuery(recent.query);
          }}
          onPickSaved={(saved) => {
            setFilters(saved.filters ?? {});
            changeQuery(saved.query);
          }}
          onSave={(name) => history.save(name, query, filters)}
          onForget={history.forget}
        />
      )}
    </div>
  );

  return (
    <div
      ref={rootRef}
      role="search"
      data-testid="global-search"
      onKeyDown={onEscape}
      className={cn('relative', className)}
    >
      {inputRow(false)}
      {!overlayOpen && panel}
      {overlayOpen &&
        createPortal(
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Search"
            data-testid="search-overlay"
            onKeyDown={onEscape}
            className="fixed inset-0 z-50 flex flex-col gap-3 bg-background p-3"
          >
            {inputRow(true)}
            {panel}
          </div>,
          document.body,
        )}
    </div>
  );
}
