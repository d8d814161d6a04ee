import type { MatchHit } from './matcher';
import { buildSnippet } from './snippet';
import { SEARCH_FIELDS, type SearchResult } from './search-types';

/** Results a search returns at most (spec part 1 section 9). */
export const RESULT_LIMIT = 50;

/** Spec: score shown = 1 minus the match distance, as a whole percentage. */
export const scorePercent = (distance: number): number =>
  Math.round(Math.min(1, Math.max(0, 1 - distance)) * 100);

export function toResult(hit: MatchHit): SearchResult {
  const matchedFields = SEARCH_FIELDS.filter((field) =>
    hit.matches.some((match) => match.field === field),
  );
  return {
    item: hit.item,
    scorePercent: scorePercent(hit.distance),
    matches: hit.matches,
    matchedFields,
    snippet: buildSnippet(hit.matches, hit.item.description),
  };
}

/**
 * Best score first; ties keep the index order (the spec shows no ordering beyond score).
 * At most RESULT_LIMIT.
 */
export function rankHits(hits: readonly MatchHit[]): SearchResult[] {
  return hits
    .map((hit, position) => ({ hit, position }))
    .sort((a, b) => a.hit.distance - b.hit.distance || a.position - b.position)
    .slice(0, RESULT_LIMIT)
    .map(({ hit }) => toResult(hit));
}
