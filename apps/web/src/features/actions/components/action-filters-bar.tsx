import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import type { ActionFilters, ActionStatusFilter } from '../lib/filter-actions';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export interface ActionFiltersBarProps {
  filters: ActionFilters;
  onChange: (filters: ActionFilters) => void;
}

export function ActionFiltersBar({ filters, onChange }: ActionFiltersBarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchInput
        wrapperClassName="flex-1"
        aria-label="Search actions"
        placeholder="Search actions..."
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
      />
      <Select
        aria-label="Status"
        className="sm:w-44"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) =>
          onChange({ ...filters, status: event.target.value as ActionStatusFilter })
        }
      />
    </div>
  );
}
