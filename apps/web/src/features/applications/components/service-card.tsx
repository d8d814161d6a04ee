import type { ArchitectureMetrics, ArchitectureNode } from '@vigil/contract';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import { HEALTH_COLOUR_BG, listDotColour } from '../../../lib/health-colour';
import { cn } from '../../../lib/cn';
import { formatMetric, resourceUsage } from '../lib/node-tooltip';

export interface ServiceCardProps {
  node: ArchitectureNode;
  metrics: ArchitectureMetrics | undefined;
  selected: boolean;
  onSelect: (id: string) => void;
}

const percent = (value: number | null) => (value === null ? 'N/A' : `${formatMetric(value)}%`);

/** A service in the list view: label, ID, layer, health with its dot, CPU and memory. */
export function ServiceCard({ node, metrics, selected, onSelect }: ServiceCardProps) {
  const { cpu, memory } = resourceUsage(node, metrics);
  const dot = listDotColour(node.status, node.health_score);
  return (
    <button
      type="button"
      {...{ [SEARCH_TARGET_ATTRIBUTE]: node.id }}
      data-service-card={node.id}
      aria-pressed={selected}
      onClick={() => onSelect(node.id)}
      className={cn(
        'grid w-full cursor-pointer gap-2 rounded-lg border bg-surface-raised p-3 text-left text-sm transition-colors hover:border-border-strong',
        selected ? 'border-primary' : 'border-border',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="truncate font-medium text-foreground">{node.label || node.name}</span>
        <span className="inline-flex shrink-0 items-center gap-1.5 text-xs text-muted">
          <span
            aria-hidden="true"
            data-health-dot={dot}
            className={cn('size-2 rounded-full', HEALTH_COLOUR_BG[dot])}
          />
          {Math.round(node.health_score * 100)}%
        </span>
      </span>
      <span className="truncate font-mono text-xs text-subtle">ID: {node.id}</span>
      <span className="grid grid-cols-3 gap-2 text-xs">
        <span>
          <span className="block text-subtle">Layer</span>
          <span className="text-foreground">{node.layer}</span>
        </span>
        <span>
          <span className="block text-subtle">CPU</span>
          <span className="text-foreground tabular-nums">{percent(cpu)}</span>
        </span>
        <span>
          <span className="block text-subtle">Mem</span>
          <span className="text-foreground tabular-nums">{percent(memory)}</span>
        </span>
      </span>
    </button>
  );
}
