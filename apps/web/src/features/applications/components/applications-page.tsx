import type { GroupingStrategy } from '@vigil/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { SEARCH_PARAMS, SEARCH_TIMING, highlightSearchTarget } from '../../../lib/search-events';
import { useArchitectureMetrics } from '../api/get-architecture-metrics';
import { useArchitectureVisualization } from '../api/get-architecture-visualization';
import { ApplicationsToolbar, type ViewMode } from './applications-toolbar';
import { SystemGraphView } from './system-graph-view';
import { SystemListView } from './system-list-view';

/** Applications: the service graph or the grouped list, one selection shared by both. */
export function ApplicationsPage() {
  const [view, setView] = useState<ViewMode>('graph');
  const [search, setSearch] = useState('');
  const [strategy, setStrategy] = useState<GroupingStrategy>('auto');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [params] = useSearchParams();
  const graphQuery = useArchitectureVisualization(strategy);
  const metricsQuery = useArchitectureMetrics();
  // A failed fetch was logged by the fetcher; the graph is then shown empty (spec section 8).
  const graph = graphQuery.isError ? null : (graphQuery.data ?? null);

  const wanted = params.get(SEARCH_PARAMS.highlight);
  const focusId =
    wanted === null
      ? null
      : (graph?.nodes.find((node) => node.id === wanted || node.name === wanted)?.id ?? null);

  useEffect(() => {
    if (focusId) setSelectedId(focusId);
  }, [focusId]);

  useEffect(() => {
    if (!focusId || view !== 'list') return;
    const timer = window.setTimeout(
      () => highlightSearchTarget(focusId),
      SEARCH_TIMING.highlightDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [focusId, view]);

  const loading = graphQuery.isPending;
  return (
    <>
      <PageHeader title="Applications" subtitle="Manage and monitor your application ecosystem" />
      <ApplicationsToolbar
        search={search}
        onSearchChange={setSearch}
        view={view}
        onViewChange={setView}
      />
      {view === 'graph' ? (
        <SystemGraphView
          graph={graph}
          metrics={metricsQuery.data}
          loading={loading}
          selectedId={selectedId}
          onSelect={setSelectedId}
          focusId={focusId}
        />
      ) : (
        <SystemListView
          graph={graph}
          metrics={metricsQuery.data}
          loading={loading}
          strategy={strategy}
          onStrategyChange={setStrategy}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
    </>
  );
}
