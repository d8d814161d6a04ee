import type { ArchitectureGraph, ArchitectureMetrics, GroupingStrategy } from '@vigil/contract';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { GROUPING_OPTIONS, serviceCount } from '../lib/grouping-options';
import { listGroups } from '../lib/list-groups';
import { ServiceCard } from './service-card';

export interface SystemListViewProps {
  graph: ArchitectureGraph | null;
  metrics: ArchitectureMetrics | undefined;
  loading: boolean;
  strategy: GroupingStrategy;
  onStrategyChange: (strategy: GroupingStrategy) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** 'System Components (List View)': services by group, with the grouping selector. */
export function SystemListView({
  graph,
  metrics,
  loading,
  strategy,
  onStrategyChange,
  selectedId,
  onSelect,
}: SystemListViewProps) {
  const groups = graph ? listGroups(graph) : [];
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-foreground">System Components (List View)</h2>
        <div className="flex flex-wrap items-center gap-2">
          {graph ? (
            <Badge variant="outline" data-testid="grouping-badge">
              {graph.grouping_metadata.strategy_used} · {graph.grouping_metadata.groups_created}{' '}
              groups
            </Badge>
          ) : null}
          <Select
            aria-label="Grouping"
            options={GROUPING_OPTIONS}
            value={strategy === 'auto' ? 'attribute_based' : strategy}
            onChange={(event) => onStrategyChange(event.target.value as GroupingStrategy)}
          />
        </div>
      </div>
      {loading && !graph ? (
        <Spinner label="Loading systems..." />
      ) : groups.length === 0 ? (
        <p className="text-sm text-muted">No systems to display</p>
      ) : (
        groups.map((group) => (
          <section
            key={group.id}
            aria-label={group.label}
            data-group={group.id}
            className="grid gap-2"
          >
            <div className="flex items-center gap-2">
              <h3 className="text-sm font-semibold text-foreground">{group.label}</h3>
              <Badge>{serviceCount(group.nodes.length)}</Badge>
            </div>
            <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {group.nodes.map((node) => (
                <ServiceCard
                  key={node.id}
                  node={node}
                  metrics={metrics}
                  selected={selectedId === node.id}
                  onSelect={onSelect}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </Card>
  );
}
