import { X } from 'lucide-react';
import type { TimeFilter } from '@vigil/contract';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import {
  PAGE_SIZES,
  SEVERITY_FILTER_OPTIONS,
  TIME_FILTER_OPTIONS,
  toPageSize,
  toSeverityFilter,
  toTimeFilter,
  type PageSize,
  type SeverityFilter,
} from '../lib/list-controls';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({
  value: String(size),
  label: `${size} per page`,
}));

export interface AnomalyControlsProps {
  search: string;
  onSearchChange: (search: string) => void;
  timeFilter: TimeFilter;
  onTimeFilterChange: (timeFilter: TimeFilter) => void;
  severity: SeverityFilter;
  onSeverityChange: (severity: SeverityFilter) => void;
  pageSize: PageSize;
  onPageSizeChange: (pageSize: PageSize) => void;
  incidentId: number | null;
  onClearIncident: () => void;
}

export function AnomalyControls(props: AnomalyControlsProps) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 md:flex-row md:flex-wrap md:items-center">
      <SearchInput
        wrapperClassName="min-w-0 md:min-w-64 md:flex-1"
        aria-label="Search anomalies"
        placeholder="Search anomalies..."
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:flex md:items-center">
        <Select
          aria-label="Time range"
          options={TIME_FILTER_OPTIONS}
          value={props.timeFilter}
          onChange={(event) => props.onTimeFilterChange(toTimeFilter(event.target.value))}
          className="col-span-2 sm:col-span-1 md:w-40"
        />
        <Select
          aria-label="Severity"
          options={SEVERITY_FILTER_OPTIONS}
          value={props.severity}
          onChange={(event) => props.onSeverityChange(toSeverityFilter(event.target.value))}
          className="md:w-40"
        />
        <Select
          aria-label="Page size"
          options={PAGE_SIZE_OPTIONS}
          value={String(props.pageSize)}
          onChange={(event) => props.onPageSizeChange(toPageSize(event.target.value))}
          className="md:w-36"
        />
      </div>
      {props.incidentId !== null ? (
        <div className="flex items-center gap-2 text-sm md:w-full">
          <span className="text-muted">Showing the events of</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 py-0.5 pr-1 pl-3 font-medium text-info-foreground ring-1 ring-primary/40">
            Incident #{props.incidentId}
            <Button
              variant="ghost"
              size="icon"
              aria-label="Clear incident filter"
              onClick={props.onClearIncident}
              className="size-6 rounded-full"
            >
              <X aria-hidden="true" />
            </Button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
