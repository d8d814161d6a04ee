import { LAYERS, type ArchitectureGroup, type GroupingStrategy } from '@vigil/contract';

/** What grouping reads of a node: descriptive fields only, never metrics (so results cache well). */
export interface GroupableNode {
  id: string;
  name: string;
  layer: string;
  type: string;
  environment: string;
  namespace: string;
  tags: Readonly<Record<string, string>>;
}

export interface GroupableEdge {
  from: string;
  to: string;
}

export interface GroupingResult {
  groups: ArchitectureGroup[];
  strategyUsed: Exclude<GroupingStrategy, 'auto'>;
  dimension: string;
}

export const UNGROUPED = 'ungrouped';

export const LAYER_LABELS: Record<(typeof LAYERS)[number], string> = {
  frontend: 'Frontend',
  api_gateway: 'API Gateway',
  auth_security: 'Auth & Security',
  backend: 'Backend',
  queues: 'Queues',
  database: 'Database',
  cache: 'Cache',
  storage: 'Storage',
  orchestration: 'Orchestration',
  monitoring: 'Monitoring',
  ungrouped: 'Ungrouped',
};

/** The value of `dimension` on a node: a built-in field or a tag key; null when the node has none. */
export function dimensionValue(node: GroupableNode, dimension: string): string | null {
  switch (dimension) {
    case 'layer':
      return node.layer;
    case 'environment':
      return node.environment;
    case 'namespace':
      return node.namespace;
    case 'type':
      return node.type;
    default: {
      const value = node.tags[dimension];
      return value === undefined || value === '' ? null : value;
    }
  }
}

const LAYER_RANK = new Map<string, number>(LAYERS.map((layer, index) => [layer, index]));

/**
 * Layer groups follow the spec's layer order; other groups go largest first, then by label;
 * `ungrouped` is always last. Node ids inside a group are sorted.
 */
export function orderGroups(groups: ArchitectureGroup[], byLayer: boolean): ArchitectureGroup[] {
  for (const group of groups) group.nodes.sort();
  const rank = (group: ArchitectureGroup): number =>
    group.id === UNGROUPED
      ? Number.MAX_SAFE_INTEGER
      : byLayer
        ? (LAYER_RANK.get(group.id) ?? LAYERS.length)
        : 0;
  return groups.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      b.nodes.length - a.nodes.length ||
      a.label.localeCompare(b.label) ||
      a.id.localeCompare(b.id),
  );
}

/** Collects `assign(node)` into groups; a null group id means ungrouped. */
export function collectGroups(
  nodes: readonly GroupableNode[],
  assign: (node: GroupableNode) => { id: string; label: string } | null,
): ArchitectureGroup[] {
  const byId = new Map<string, ArchitectureGroup>();
  for (const node of nodes) {
    const target = assign(node) ?? { id: UNGROUPED, label: LAYER_LABELS.ungrouped };
    const group = byId.get(target.id) ?? { id: target.id, label: target.label, nodes: [] };
    group.nodes.push(node.id);
    byId.set(target.id, group);
  }
  return [...byId.values()];
}
