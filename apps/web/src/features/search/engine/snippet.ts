import type { FieldMatch, MatchRanges } from './search-types';

/** Spec part 1 section 9: 50 characters around the match, else the description's first 150. */
export const SNIPPET_LENGTH = 50;
export const DESCRIPTION_FALLBACK_LENGTH = 150;

/** The longest matched range: the one a reader recognises. */
function longestRange(ranges: MatchRanges): readonly [number, number] | undefined {
  let best: readonly [number, number] | undefined;
  for (const range of ranges) if (!best || range[1] - range[0] > best[1] - best[0]) best = range;
  return best;
}

/** `SNIPPET_LENGTH` characters of `text` centred on the range, with an ellipsis where cut. */
export function snippetAround(text: string, range: readonly [number, number]): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const centre = Math.floor((range[0] + range[1]) / 2);
  const start = Math.min(Math.max(0, centre - SNIPPET_LENGTH / 2), text.length - SNIPPET_LENGTH);
  const end = start + SNIPPET_LENGTH;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

/**
 * The snippet of a result: around the match in the content or description (the text the row
 * does not already show in full), else the start of the description.
 */
export function buildSnippet(matches: readonly FieldMatch[], description: string): string {
  for (const field of ['content', 'description'] as const) {
    const match = matches.find((candidate) => candidate.field === field);
    const range = match && longestRange(match.ranges);
    if (match && range) return snippetAround(match.value, range);
  }
  return truncate(description, DESCRIPTION_FALLBACK_LENGTH);
}
