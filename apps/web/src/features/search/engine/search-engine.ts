import { normalizeFilters } from './item-filters';
import { createMatcher, type Matcher } from './matcher';
import { createQueryCache } from './query-cache';
import { runSearch } from './run-search';
import type { SearchFilters, SearchItem, SearchResponse } from './search-types';

/** Spec part 1 section 9: the index is rebuilt when older than this at search time. */
export const INDEX_MAX_AGE_MS = 5 * 60_000;
export const INDEX_REFRESH_FAILED = 'Failed to refresh search index';

/** What loading the sources gave: their items, and how many of how many sources failed. */
export interface LoadedSources {
  items: SearchItem[];
  failedSources: number;
  totalSources: number;
}

export interface SearchEngineDeps {
  loadSources: () => Promise<LoadedSources>;
  /** Wall clock (epoch ms): index age and date operators. */
  now?: () => number;
  /** Monotonic clock (ms) for the timing shown beside the result count. */
  elapsed?: () => number;
}

export interface SearchEngine {
  /** Rebuilds the index now; rejects with 'Failed to refresh search index'. */
  refresh(): Promise<void>;
  /** Searches, first rebuilding the index when there is none or it is older than 5 minutes. */
  search(query: string, filters: SearchFilters): Promise<SearchResponse>;
  /** The items of the current index (empty before the first build). */
  items(): readonly SearchItem[];
}

interface BuiltIndex {
  items: SearchItem[];
  matcher: Matcher;
  builtAt: number;
}

export const cacheKey = (query: string, filters: SearchFilters): string =>
  `${query.trim()}\u0000${JSON.stringify(filters)}`;

/**
 * The index lifecycle and the query cache around the pure search. A source that fails is an
 * empty list (the loader's job); only when every source fails, or loading throws, is the
 * refresh a failure. A rebuild empties the cache.
 */
export function createSearchEngine({
  loadSources,
  now = Date.now,
  elapsed = () => performance.now(),
}: SearchEngineDeps): SearchEngine {
  let index: BuiltIndex | null = null;
  let building: Promise<BuiltIndex> | null = null;
  const cache = createQueryCache<SearchResponse>();

  async function build(): Promise<BuiltIndex> {
    let loaded: LoadedSources;
    try {
      loaded = await loadSources();
    } catch {
      throw new Error(INDEX_REFRESH_FAILED);
    }
    if (loaded.totalSources > 0 && loaded.failedSources === loaded.totalSources)
      throw new Error(INDEX_REFRESH_FAILED);
    const built = { items: loaded.items, matcher: createMatcher(loaded.items), builtAt: now() };
    index = built;
    cache.clear();
    return built;
  }

  function rebuild(): Promise<BuiltIndex> {
    building ??= build().finally(() => {
      building = null;
    });
    return building;
  }

  async function freshIndex(): Promise<BuiltIndex> {
    if (index && now() - index.builtAt <= INDEX_MAX_AGE_MS) return index;
    return rebuild();
  }

  return {
    async refresh() {
      await rebuild();
    },
    async search(query, filters) {
      const current = await freshIndex();
      const started = elapsed();
      const at = new Date(now());
      const normal = normalizeFilters(filters, at);
      const key = cacheKey(query, normal);
      const cached = cache.get(key);
      if (cached) return { ...cached, tookMs: elapsed() - started };
      const outcome = runSearch(current.matcher, query, normal, at);
      const response: SearchResponse = { ...outcome, tookMs: elapsed() - started };
      cache.set(key, response);
      return response;
    },
    items: () => index?.items ?? [],
  };
}
