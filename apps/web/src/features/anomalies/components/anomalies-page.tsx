import { useDeferredValue, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useApiClient } from '../../../lib/api-client-context';
import { SEARCH_PARAMS } from '../../../lib/search-events';
import { useAnomalies } from '../api/get-anomalies';
import { anomalyQueryOptions } from '../api/get-anomaly';
import { toListItems, type IncidentStackView } from '../lib/anomaly-card-view';
import { filterListItems } from '../lib/list-filters';
import { linkFilters } from '../lib/search-filters-param';
import { AnomalyControls } from './anomaly-controls';
import { AnomalyDetail } from './anomaly-detail';
import { AnomalyList } from './anomaly-list';
import { IncidentStackDialog } from './incident-stack-dialog';
import { ListPager } from './list-pager';
import { useAnomalyListState } from './use-anomaly-list-state';
import { useDetailParam } from './use-detail-param';
import { useSearchArrival } from './use-search-arrival';

export function AnomaliesPage() {
  const [params, setParams] = useSearchParams();
  const [state, actions] = useAnomalyListState(() =>
    initialFromLink(params.get(SEARCH_PARAMS.incidentId), params.get(SEARCH_PARAMS.filters)),
  );
  const list = useAnomalies({
    timeFilter: state.timeFilter,
    page: state.page,
    pageSize: state.pageSize,
    incidentId: state.incidentId,
  });
  const allItems = useMemo(
    () => (list.data ? toListItems(list.data.items) : undefined),
    [list.data],
  );
  // Typing stays responsive while up to 250 cards re-filter at a lower priority.
  const search = useDeferredValue(state.search);
  const items = useMemo(
    () => allItems && filterListItems(allItems, { search, severity: state.severity }),
    [allItems, search, state.severity],
  );

  const [stack, setStack] = useState<IncidentStackView | null>(null);
  const { detailId, openDetail: showDetail, closeDetail } = useDetailParam();
  const openDetail = (anomalyId: string) => {
    setStack(null);
    showDetail(anomalyId);
  };

  const clearIncident = () => {
    actions.setIncidentId(null);
    // A link's incident filter must not come back on reload.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SEARCH_PARAMS.incidentId);
        next.delete(SEARCH_PARAMS.filters);
        return next;
      },
      { replace: true },
    );
  };

  const openCard = useOpenAfterLoad(openDetail);
  useSearchArrival({ actions, openDetail, items: allItems });

  const filtered = allItems && items && items.length !== allItems.length ? items.length : null;
  return (
    <>
      <PageHeader
        title="Anomalies"
        subtitle="Detected anomalies, grouped into incidents with their root cause and remediation"
        actions={
          <Button onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" className={list.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        }
      />
      <div className="flex flex-col gap-4">
        <AnomalyControls
          search={state.search}
          onSearchChange={actions.setSearch}
          timeFilter={state.timeFilter}
          onTimeFilterChange={actions.setTimeFilter}
          severity={state.severity}
          onSeverityChange={actions.setSeverity}
          pageSize={state.pageSize}
          onPageSizeChange={actions.setPageSize}
          incidentId={state.incidentId}
          onClearIncident={clearIncident}
        />
        <ListPager
          page={state.page}
          totalPages={list.data?.totalPages ?? 0}
          totalItems={list.data?.totalItems ?? 0}
          shownOnPage={filtered}
          onPageChange={actions.setPage}
        />
        <AnomalyList
          items={items}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
          openingId={openCard.openingId}
          onOpenAnomaly={openCard.open}
          onOpenStack={setStack}
        />
      </div>
      <IncidentStackDialog
        stack={stack}
        onClose={() => setStack(null)}
        onOpenAnomaly={openDetail}
      />
      {detailId ? <AnomalyDetail anomalyId={detailId} onBack={closeDetail} /> : null}
    </>
  );
}

function initialFromLink(incidentId: string | null, filters: string | null) {
  const fromLink = linkFilters(incidentId, filters);
  return {
    ...(fromLink?.incident_id === undefined ? {} : { incidentId: fromLink.incident_id }),
    ...(fromLink?.search === undefined ? {} : { search: fromLink.search }),
  };
}

/**
 * A card opens its detail once the anomaly has loaded; when that load fails nothing happens
 * (spec part 1 section 8) and the card is clickable again.
 */
function useOpenAfterLoad(openDetail: (anomalyId: string) => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [openingId, setOpeningId] = useState<string | null>(null);
  const open = (anomalyId: string) => {
    setOpeningId(anomalyId);
    queryClient
      .fetchQuery(anomalyQueryOptions(client, anomalyId))
      .then(() => openDetail(anomalyId))
      .catch(() => undefined)
      .finally(() => setOpeningId(null));
  };
  return { openingId, open };
}
