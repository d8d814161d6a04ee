import { useCallback, useState } from 'react';
import {
  addRecentSearch,
  addSavedSearch,
  readRecentSearches,
  readSavedSearches,
  removeSavedSearch,
  writeRecentSearches,
  writeSavedSearches,
  type KeyValueStorage,
} from '../engine/search-history';
import type { RecentSearch, SavedSearch, SearchFilters } from '../engine/search-types';

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface SearchHistory {
  recent: RecentSearch[];
  saved: SavedSearch[];
  remember(query: string, resultCount: number, filters: SearchFilters): void;
  save(name: string, query: string, filters: SearchFilters): void;
  forget(id: string): void;
}

/** Recent and saved searches, kept in local storage under their two keys. */
export function useSearchHistory(): SearchHistory {
  const [storage] = useState(browserStorage);
  const [recent, setRecent] = useState(() => (storage ? readRecentSearches(storage) : []));
  const [saved, setSaved] = useState(() => (storage ? readSavedSearches(storage) : []));

  const remember = useCallback(
    (query: string, resultCount: number, filters: SearchFilters) =>
      setRecent((list) => {
        const next = addRecentSearch(list, { query, timestamp: Date.now(), resultCount, filters });
        if (storage) writeRecentSearches(storage, next);
        return next;
      }),
    [storage],
  );
  const save = useCallback(
    (name: string, query: string, filters: SearchFilters) =>
      setSaved((list) => {
        const entry = { id: crypto.randomUUID(), name, query, filters, createdAt: Date.now() };
        const next = addSavedSearch(list, entry);
        if (storage) writeSavedSearches(storage, next);
        return next;
      }),
    [storage],
  );
  const forget = useCallback(
    (id: string) =>
      setSaved((list) => {
        const next = removeSavedSearch(list, id);
        if (storage) writeSavedSearches(storage, next);
        return next;
      }),
    [storage],
  );
  return { recent, saved, remember, save, forget };
}
