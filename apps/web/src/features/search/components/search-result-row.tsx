import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import type { SearchField, SearchResult } from '../engine/search-types';
import { searchBadgeVariant } from '../lib/badge-variant';
import { visibleTags } from '../lib/result-summary';
import { HighlightedText } from './highlighted-text';
import { TypeIcon } from './type-icon';

const rangesOf = (result: SearchResult, field: SearchField) =>
  result.matches.find((match) => match.field === field)?.ranges ?? [];

export interface SearchResultRowProps {
  result: SearchResult;
  active: boolean;
  onSelect: () => void;
}

/** One result as the spec lists it (part 1, "Global search"). */
export function SearchResultRow({ result, active, onSelect }: SearchResultRowProps) {
  const { item } = result;
  const { metadata } = item;
  const tags = visibleTags(metadata.tags ?? item.tags);
  const timestamp = metadata.timestamp ?? item.timestamp;
  return (
    <li>
      <button
        type="button"
        data-search-result={item.type}
        data-active={active || undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onSelect}
        className={cn(
          'flex w-full gap-3 rounded-md px-3 py-2.5 text-left hover:bg-surface-hover',
          active && 'bg-surface-hover',
        )}
      >
        <TypeIcon type={item.type} className="mt-0.5 size-4 shrink-0 text-muted" />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-start justify-between gap-2">
            <span data-field="title" className="truncate text-sm font-medium text-foreground">
              <HighlightedText text={item.title} ranges={rangesOf(result, 'title')} />
            </span>
            <span data-field="score" className="shrink-0 text-xs text-muted">
              {result.scorePercent}%
            </span>
          </span>
          {item.description !== '' && (
            <span data-field="description" className="line-clamp-2 text-xs text-muted">
              <HighlightedText text={item.description} ranges={rangesOf(result, 'description')} />
            </span>
          )}
          {result.snippet !== '' && result.snippet !== item.description && (
            <span data-field="snippet" className="truncate font-mono text-xs text-subtle">
              {result.snippet}
            </span>
          )}
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-subtle">
            {metadata.severity && (
              <Badge variant={searchBadgeVariant(metadata.severity)}>{metadata.severity}</Badge>
            )}
            {metadata.status && (
              <Badge variant={searchBadgeVariant(metadata.status)}>{metadata.status}</Badge>
            )}
            {metadata.component && <span data-field="component">{metadata.component}</span>}
            {timestamp && <span data-field="date">{formatDateTime(timestamp)}</span>}
            {metadata.incidentId !== undefined && (
              <span data-field="incident">#{metadata.incidentId}</span>
            )}
            {tags.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
            {tags.more > 0 && <span data-field="more-tags">+{tags.more} more</span>}
          </span>
          {result.matchedFields.length > 0 && (
            <span data-field="matched" className="text-xs text-subtle">
              Matched in: {result.matchedFields.join(', ')}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
