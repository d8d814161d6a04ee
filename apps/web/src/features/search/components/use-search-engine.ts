import { useEffect, useMemo } from 'react';
import { useApiClient } from '../../../lib/api-client-context';
import { loadSearchSources } from '../api/load-search-sources';
import { createSearchEngine, type SearchEngine } from '../engine/search-engine';

/** One engine per client; the index is built at start (spec part 1 section 4). */
export function useSearchEngine(): SearchEngine {
  const client = useApiClient();
  const engine = useMemo(
    () => createSearchEngine({ loadSources: () => loadSearchSources(client) }),
    [client],
  );
  useEffect(() => {
    // A failed first build is retried at the first search; nothing to show before that.
    engine.refresh().catch(() => undefined);
  }, [engine]);
  return engine;
}
