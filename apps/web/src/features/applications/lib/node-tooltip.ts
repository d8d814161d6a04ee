import type { ArchitectureMetrics, ArchitectureNode } from '@vigil/contract';

/** Spec part 1 section 9: the tooltip lists at most 6 tags. */
export const TOOLTIP_MAX_TAGS = 6;

export interface TooltipTile {
  label: 'Req/s' | 'Error %' | 'p50 (ms)' | 'CPU %' | 'Mem %' | 'Avail %';
  value: string;
}

export interface NodeTooltipModel {
  name: string;
  environment: string;
  namespace: string;
  group: string;
  tiles: TooltipTile[];
  tags: Array<[string, string]>;
}

/** One decimal at most, no trailing zero; a missing value reads N/A. */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  return String(Math.round(value * 10) / 10);
}

/** CPU and memory: the metrics call's value when it has one, else the graph's own. */
export function resourceUsage(
  node: Pick<ArchitectureNode, 'id' | 'metrics'>,
  metrics: ArchitectureMetrics | undefined,
): { cpu: number | null; memory: number | null } {
  const live = metrics?.[node.id];
  return {
    cpu: live?.cpu_usage ?? node.metrics.cpu_usage,
    memory: live?.memory_usage ?? node.metrics.memory_usage,
  };
}

/** What the hover tooltip shows for a node (spec part 1 section 2, Applications). */
export function nodeTooltip(
  node: ArchitectureNode,
  metrics?: ArchitectureMetrics,
): NodeTooltipModel {
  const { cpu, memory } = resourceUsage(node, metrics);
  return {
    name: node.name || node.label || node.id,
    environment: node.environment || 'prod',
    namespace: node.namespace || 'default',
    group: node.group || 'N/A',
    tiles: [
      { label: 'Req/s', value: formatMetric(node.metrics.request_rate) },
      { label: 'Error %', value: formatMetric(node.metrics.error_rate) },
      { label: 'p50 (ms)', value: formatMetric(node.metrics.response_time) },
      { label: 'CPU %', value: formatMetric(cpu) },
      { label: 'Mem %', value: formatMetric(memory) },
      { label: 'Avail %', value: formatMetric(node.metrics.availability) },
    ],
    tags: Object.entries(node.tags ?? {}).slice(0, TOOLTIP_MAX_TAGS),
  };
}
