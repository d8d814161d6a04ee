import type { MatchRanges } from '../engine/search-types';

export interface TextSegment {
  text: string;
  matched: boolean;
}

/**
 * Cuts `text` into plain and matched pieces by inclusive [start, end] ranges, in order;
 * overlapping or out-of-bounds ranges are merged and clipped.
 */
export function highlightSegments(text: string, ranges: MatchRanges): TextSegment[] {
  const sorted = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length - 1, end)] as const)
    .filter(([start, end]) => start <= end)
    .sort((a, b) => a[0] - b[0]);
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of sorted) {
    if (end < cursor) continue;
    const from = Math.max(start, cursor);
    if (from > cursor) segments.push({ text: text.slice(cursor, from), matched: false });
    const last = segments.at(-1);
    if (last?.matched && from === cursor) last.text += text.slice(from, end + 1);
    else segments.push({ text: text.slice(from, end + 1), matched: true });
    cursor = end + 1;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), matched: false });
  return segments;
}
