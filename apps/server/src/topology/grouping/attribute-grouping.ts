import type { ArchitectureGroup } from '@vigil/contract';
import {
  collectGroups,
  dimensionValue,
  LAYER_LABELS,
  orderGroups,
  type GroupableNode,
} from './grouping-types';

const groupId = (dimension: string, value: string): string =>
  dimension === 'layer' ? value : `${dimension}:${value}`;

/** Groups by one attribute (layer, environment, namespace, type or a tag key); nodes without it are ungrouped. */
export function groupByAttribute(
  nodes: readonly GroupableNode[],
  dimension: string,
): ArchitectureGroup[] {
  const groups = collectGroups(nodes, (node) => {
    const value = dimensionValue(node, dimension);
    if (value === null || (dimension === 'layer' && value === 'ungrouped')) return null;
    const label =
      dimension === 'layer' ? (LAYER_LABELS[value as keyof typeof LAYER_LABELS] ?? value) : value;
    return { id: groupId(dimension, value), label };
  });
  return orderGroups(groups, dimension === 'layer');
}

/**
 * Whether grouping by `dimension` tells nodes apart: at least two distinct values and at most
 * half of the nodes without one (for layers, `ungrouped` counts as without).
 */
export function isInformative(nodes: readonly GroupableNode[], dimension: string): boolean {
  if (nodes.length === 0) return false;
  const values = new Set<string>();
  let missing = 0;
  for (const node of nodes) {
    const value = dimensionValue(node, dimension);
    if (value === null || (dimension === 'layer' && value === 'ungrouped')) missing += 1;
    else values.add(value);
  }
  return values.size >= 2 && missing * 2 <= nodes.length;
}
