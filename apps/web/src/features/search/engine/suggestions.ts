/** Spec part 1 section 9: at most 5 suggestions, only for queries of 2 characters or more. */
export const MAX_SUGGESTIONS = 5;
export const SUGGESTION_MIN_QUERY = 2;

/** A word the query contains → the queries suggested for it. */
export const SUGGESTION_TABLE: ReadonlyArray<{ word: string; suggestions: readonly string[] }> = [
  { word: 'error', suggestions: ['type:anomaly severity:high', 'type:audit error'] },
  { word: 'database', suggestions: ['component:database', 'tag:database type:anomaly'] },
  { word: 'api', suggestions: ['component:api-gateway', 'type:application api'] },
];

export function suggestionsFor(query: string): string[] {
  const text = query.trim().toLowerCase();
  if (text.length < SUGGESTION_MIN_QUERY) return [];
  const found = SUGGESTION_TABLE.filter((entry) => text.includes(entry.word)).flatMap(
    (entry) => entry.suggestions,
  );
  return [...new Set(found)].filter((suggestion) => suggestion !== text).slice(0, MAX_SUGGESTIONS);
}
