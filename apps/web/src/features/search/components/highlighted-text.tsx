import type { MatchRanges } from '../engine/search-types';
import { highlightSegments } from '../lib/highlight-segments';

/** Text with its matched ranges marked. */
export function HighlightedText({ text, ranges }: { text: string; ranges: MatchRanges }) {
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.matched ? (
          <mark key={index} className="rounded-sm bg-primary/25 px-px text-foreground">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
