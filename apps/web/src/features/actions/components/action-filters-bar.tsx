import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';
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
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        />
        <Input
          type="search"
          aria-label="Search actions"
          placeholder="Search actions..."
          className="pl-9"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
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
