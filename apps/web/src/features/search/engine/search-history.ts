import type { RecentSearch, SavedSearch, SearchFilters } from './search-types';

/** The two local-storage keys (spec part 1 section 7). */
export const RECENT_SEARCHES_KEY = 'vigil.search.recent';
export const SAVED_SEARCHES_KEY = 'vigil.search.saved';
/** Spec part 1 section 9: recent searches kept. */
export const MAX_RECENT_SEARCHES = 10;

/** Newest first, at most 10, an earlier entry of the same query removed. Blank queries are not kept. */
export function addRecentSearch(
  list: readonly RecentSearch[],
  entry: RecentSearch,
): RecentSearch[] {
  const query = entry.query.trim();
  if (query === '') return [...list];
  return [{ ...entry, query }, ...list.filter((recent) => recent.query !== query)].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
}

export type SaveSearchProblem = 'name' | 'query';

/** Spec part 1 section 5: a non-empty trimmed name and a non-empty trimmed current query. */
export function saveSearchProblem(name: string, query: string): SaveSearchProblem | null {
  if (name.trim() === '') return 'name';
  if (query.trim() === '') return 'query';
  return null;
}

export interface NewSavedSearch {
  id: string;
  name: string;
  query: string;
  filters?: SearchFilters;
  createdAt: number;
}

/** Adds a saved search at the top, or answers the list unchanged when the entry is not valid. */
export function addSavedSearch(list: readonly SavedSearch[], entry: NewSavedSearch): SavedSearch[] {
  if (saveSearchProblem(entry.name, entry.query)) return [...list];
  const saved: SavedSearch = {
    id: entry.id,
    name: entry.name.trim(),
    query: entry.query.trim(),
    createdAt: entry.createdAt,
  };
  if (entry.filters && Object.keys(entry.filters).length > 0) saved.filters = entry.filters;
  return [saved, ...list];
}

export const removeSavedSearch = (list: readonly SavedSearch[], id: string): SavedSearch[] =>
  list.filter((saved) => saved.id !== id);

/** The part of `Storage` the history needs (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRecent = (value: unknown): value is RecentSearch =>
  isRecord(value) &&
  typeof value.query === 'string' &&
  typeof value.timestamp === 'number' &&
  typeof value.resultCount === 'number' &&
  isRecord(value.filters);

const isSaved = (value: unknown): value is SavedSearch =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.name === 'string' &&
  typeof value.query === 'string' &&
  typeof value.createdAt === 'number' &&
  (value.filters === undefined || isRecord(value.filters));

function readList<T>(storage: KeyValueStorage, key: string, guard: (value: unknown) => value is T) {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(guard) : [];
  } catch {
    return [];
  }
}

export const readRecentSearches = (storage: KeyValueStorage): RecentSearch[] =>
  readList(storage, RECENT_SEARCHES_KEY, isRecent).slice(0, MAX_RECENT_SEARCHES);

export const readSavedSearches = (storage: KeyValueStorage): SavedSearch[] =>
  readList(storage, SAVED_SEARCHES_KEY, isSaved);

/** Writes fail silently when storage is full or blocked: history is a convenience. */
function writeList(storage: KeyValueStorage, key: string, list: readonly unknown[]): void {
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    /* private mode or quota: keep the in-memory list */
  }
}

export const writeRecentSearches = (storage: KeyValueStorage, list: readonly RecentSearch[]) =>
  writeList(storage, RECENT_SEARCHES_KEY, list);

export const writeSavedSearches = (storage: KeyValueStorage, list: readonly SavedSearch[]) =>
  writeList(storage, SAVED_SEARCHES_KEY, list);
