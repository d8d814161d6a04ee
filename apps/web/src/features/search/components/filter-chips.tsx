import { X } from 'lucide-react';
import type { SearchFilters } from '../engine/search-types';

export interface FilterChipsProps {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}

type ListKey = 'types' | 'severity' | 'status' | 'tags' | 'components';
const LIST_LABELS: Record<ListKey, string> = {
  types: 'type',
  severity: 'severity',
  status: 'status',
  tags: 'tag',
  components: 'component',
};

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 py-0.5 pr-1 pl-2 text-xs text-info-foreground">
      {label}
      <button
        type="button"
        aria-label={`Remove filter ${label}`}
        onClick={onRemove}
        className="rounded-full p-0.5 hover:bg-primary/30"
      >
        <X aria-hidden="true" className="size-3" />
      </button>
    </span>
  );
}

/** The active filters as removable chips. */
export function FilterChips({ filters, onChange }: FilterChipsProps) {
  const chips = (Object.keys(LIST_LABELS) as ListKey[]).flatMap((key) =>
    (filters[key] ?? []).map((value) => ({
      label: `${LIST_LABELS[key]}: ${value}`,
      remove: () =>
        onChange({ ...filters, [key]: (filters[key] ?? []).filter((other) => other !== value) }),
    })),
  );
  const { dateRange } = filters;
  // A range with an empty end does not apply (spec part 1 section 5), so it shows no chip.
  if (dateRange && dateRange.start !== '' && dateRange.end !== '')
    chips.push({
      label: `date: ${dateRange.start} – ${dateRange.end}`,
      remove: () => onChange({ ...filters, dateRange: undefined }),
    });
  if (chips.length === 0) return null;
  return (
    <div data-testid="search-filter-chips" className="flex flex-wrap items-center gap-1.5">
      {chips.map((chip) => (
        <Chip key={chip.label} label={chip.label} onRemove={chip.remove} />
      ))}
      <button
        type="button"
        onClick={() => onChange({})}
        className="text-xs text-muted underline-offset-2 hover:text-foreground hover:underline"
      >
        Clear all
      </button>
    </div>
  );
}
