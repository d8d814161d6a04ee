import { X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import {
  EVENT_TYPE_VALUES,
  EXECUTION_STATUS_VALUES,
  SEVERITY_VALUES,
  TIME_RANGES,
  type AuditFilters,
  type AuditTypeFilter,
  type ExecutionStatusFilter,
  type SeverityFilter,
  type TimeRange,
} from '../lib/audit-filters';
import { humanize } from '../lib/audit-text';

const options = (all: string, values: readonly string[]) => [
  { value: 'all', label: all },
  ...values.map((value) => ({ value, label: humanize(value) })),
];

const TIME_OPTIONS = Object.entries(TIME_RANGES).map(([value, { label }]) => ({ value, label }));
const TYPE_OPTIONS = options('All Events', EVENT_TYPE_VALUES);
const SEVERITY_OPTIONS = options('All Severities', SEVERITY_VALUES);
const STATUS_OPTIONS = options('All Statuses', EXECUTION_STATUS_VALUES);

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  /** The search box's text, which reaches `filters` after a pause in typing. */
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (change: Partial<AuditFilters>) => void;
}

export function AuditFiltersBar({
  filters,
  searchText,
  onSearchText,
  onChange,
}: AuditFiltersBarProps) {
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <SearchInput
          wrapperClassName="col-span-2 lg:col-span-1"
          aria-label="Search audit entries"
          placeholder="Search descriptions, actions, errors..."
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
        />
        <Select
          aria-label="Time range"
          options={TIME_OPTIONS}
          value={filters.timeRange}
          onChange={(event) => onChange({ timeRange: event.target.value as TimeRange })}
        />
        <Select
          aria-label="Event type"
          options={TYPE_OPTIONS}
          value={filters.eventType}
          onChange={(event) => onChange({ eventType: event.target.value as AuditTypeFilter })}
        />
        <Select
          aria-label="Severity"
          options={SEVERITY_OPTIONS}
          value={filters.severity}
          onChange={(event) => onChange({ severity: event.target.value as SeverityFilter })}
        />
        <Select
          aria-label="Execution status"
          options={STATUS_OPTIONS}
          value={filters.executionStatus}
          onChange={(event) =>
            onChange({ executionStatus: event.target.value as ExecutionStatusFilter })
          }
        />
      </div>
      {filters.incidentId === null ? null : (
        <Badge variant="default" className="gap-1 pr-0.5">
          Incident #{filters.incidentId}
          <Button
            variant="ghost"
            size="icon"
            className="size-5 rounded-full [&_svg]:size-3"
            aria-label="Clear incident filter"
            onClick={() => onChange({ incidentId: null })}
          >
            <X aria-hidden="true" />
          </Button>
        </Badge>
      )}
    </div>
  );
}
