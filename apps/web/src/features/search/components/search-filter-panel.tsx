import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import type { FilterOptions } from '../engine/filter-options';
import type { SearchFilters, SearchItemType } from '../engine/search-types';
import { TYPE_LABELS } from '../lib/result-summary';

export interface SearchFilterPanelProps {
  options: FilterOptions;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  onDone: () => void;
}

type ListKey = 'types' | 'severity' | 'status' | 'tags' | 'components';

function toggle<T extends string>(list: readonly T[] | undefined, value: T): T[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((other) => other !== value) : [...current, value];
}

function OptionGroup<T extends string>({
  legend,
  values,
  selected,
  label = (value) => value,
  onToggle,
}: {
  legend: string;
  values: readonly T[];
  selected: readonly T[] | undefined;
  label?: (value: T) => string;
  onToggle: (value: T) => void;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {legend}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {values.map((value) => (
          <Checkbox
            key={value}
            label={label(value)}
            checked={selected?.includes(value) ?? false}
            onChange={() => onToggle(value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Types, severity, status, tags and components (any-of lists) and a date range. The range keeps
 * what was typed; it applies only once both ends are filled (the engine checks).
 */
export function SearchFilterPanel({ options, filters, onChange, onDone }: SearchFilterPanelProps) {
  const update = <K extends ListKey>(key: K, value: string) =>
    onChange({ ...filters, [key]: toggle(filters[key] as string[] | undefined, value) });
  const range = filters.dateRange ?? { start: '', end: '' };
  const setRange = (next: { start: string; end: string }) =>
    onChange({
      ...filters,
      dateRange: next.start === '' && next.end === '' ? undefined : next,
    });
  return (
    <div data-testid="search-filter-panel" className="flex flex-col gap-4">
      <OptionGroup<SearchItemType>
        legend="Types"
        values={options.types}
        selected={filters.types}
        label={(type) => TYPE_LABELS[type]}
        onToggle={(type) => update('types', type)}
      />
      <OptionGroup
        legend="Severity"
        values={options.severity}
        selected={filters.severity}
        onToggle={(value) => update('severity', value)}
      />
      <OptionGroup
        legend="Status"
        values={options.status}
        selected={filters.status}
        onToggle={(value) => update('status', value)}
      />
      <OptionGroup
        legend="Tags"
        values={options.tags}
        selected={filters.tags}
        onToggle={(value) => update('tags', value)}
      />
      <OptionGroup
        legend="Components"
        values={options.components}
        selected={filters.components}
        onToggle={(value) => update('components', value)}
      />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          Date range
        </legend>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="date"
            aria-label="Start date"
            value={range.start}
            onChange={(event) => setRange({ ...range, start: event.target.value })}
            className="w-auto"
          />
          <span className="text-xs text-muted">to</span>
          <Input
            type="date"
            aria-label="End date"
            value={range.end}
            onChange={(event) => setRange({ ...range, end: event.target.value })}
            className="w-auto"
          />
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => onChange({})}>
          Clear filters
        </Button>
        <Button variant="primary" size="sm" onClick={onDone}>
          Show results
        </Button>
      </div>
    </div>
  );
}
