import { matchesFilters, matchesOperators } from './item-filters';
import type { Matcher } from './matcher';
import { parseQuery } from './query-parser';
import { rankHits } from './ranker';
import type { SearchFilters, SearchItemType, SearchResult } from './search-types';

export interface SearchOutcome {
  results: SearchResult[];
  countsByType: Partial<Record<SearchItemType, number>>;
}

const EMPTY: SearchOutcome = { results: [], countsByType: {} };

export function countByType(results: readonly SearchResult[]): SearchOutcome['countsByType'] {
  const counts: SearchOutcome['countsByType'] = {};
  for (const { item } of results) counts[item.type] = (counts[item.type] ?? 0) + 1;
  return counts;
}

/**
 * One search over a built index (spec part 1 section 5): nothing for an empty query or when only
 * operators were typed; else the index hits that pass the operators and the filter panel, ranked.
 */
export function runSearch(
  matcher: Matcher,
  query: string,
  filters: SearchFilters,
  now: Date,
): SearchOutcome {
  const trimmed = query.trim();
  if (trimmed.length < 1) return EMPTY;
  const parsed = parseQuery(trimmed, now);
  if (parsed.freeText.length < 1) return EMPTY;
  const hits = matcher
    .search(parsed.freeText)
    .filter((hit) => matchesOperators(hit.item, parsed) && matchesFilters(hit.item, filters, now));
  const results = rankHits(hits);
  return { results, countsByType: countByType(results) };
}
