import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useAuditStats } from '../api/get-audit-stats';
import { useAuditTrail } from '../api/get-audit-trail';
import { auditErrorMessage } from '../lib/audit-error';
import {
  AUDIT_PAGE_SIZE,
  DEFAULT_AUDIT_FILTERS,
  filtersFromParams,
  statsQuery,
  trailQuery,
  type AuditFilters,
} from '../lib/audit-filters';
import { AuditEntryItem } from './audit-entry-item';
import { AuditFiltersBar } from './audit-filters-bar';
import { AuditPagination } from './audit-pagination';
import { AuditStatCards } from './audit-stat-cards';
import { useAuditDeepLinks } from './use-audit-deep-links';
import { useDebouncedValue } from './use-debounced-value';
import { useExportCsv } from './use-export-csv';

const SEARCH_DEBOUNCE_MS = 300;

/** The Audit Trail screen (/audit, spec part 2 section 2.3). */
export function AuditPage() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    ...DEFAULT_AUDIT_FILTERS,
    ...filtersFromParams(params),
  }));
  const [searchText, setSearchText] = useState(filters.search);
  const [page, setPage] = useState(1);
  // Time ranges count back from here; Refresh moves it to now.
  const [anchorMs, setAnchorMs] = useState(() => Date.now());

  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const effective = { ...filters, search: debouncedSearch };
  const trail = useAuditTrail(trailQuery(effective, page, anchorMs));
  const stats = useAuditStats(statsQuery(effective, anchorMs));
  const exportCsv = useExportCsv();

  const applyFilters = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    if (change.search !== undefined) setSearchText(change.search);
    setPage(1);
  };
  const onSearchText = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  const refresh = () => {
    setAnchorMs(Date.now());
    void trail.refetch();
    void stats.refetch();
  };
  const entries = trail.data?.audit_entries ?? [];
  useAuditDeepLinks(entries.length > 0, applyFilters);

  return (
    <>
      <PageHeader
        title="Audit Trail"
        subtitle="Every detection, incident and action execution, in order"
        actions={
          <>
            <Button onClick={refresh} disabled={trail.isFetching}>
              <RefreshCw
                aria-hidden="true"
                className={trail.isFetching ? 'animate-spin' : undefined}
              />
              Refresh
            </Button>
            <Button
              variant="primary"
              disabled={exportCsv.isPending}
              onClick={() => exportCsv.mutate({ filters: effective, anchorMs })}
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <AuditStatCards stats={stats.data} />
        <AuditFiltersBar
          filters={filters}
          searchText={searchText}
          onSearchText={onSearchText}
          onChange={applyFilters}
        />
        {trail.isPending ? <Spinner label="Loading audit trail..." className="py-8" /> : null}
        {trail.isError ? (
          <LoadError
            message={`Error loading audit data: ${auditErrorMessage(trail.error)}`}
            onRetry={refresh}
            retrying={trail.isFetching}
          />
        ) : null}
        {trail.isSuccess && entries.length === 0 ? (
          <Card className="py-12 text-center text-sm text-muted">No audit entries found</Card>
        ) : null}
        {trail.isSuccess && entries.length > 0 ? (
          <ol aria-label="Audit entries" className="space-y-2">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : null}
        {trail.isSuccess ? (
          <AuditPagination
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            totalItems={trail.data.total_items}
            totalPages={trail.data.total_pages}
            onPage={setPage}
          />
        ) : null}
      </div>
    </>
  );
}
