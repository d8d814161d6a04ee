import type { ArchitectureGraph, ArchitectureNode } from '@vigil/contract';

/** Test factories for architecture nodes and graphs. */
export function testNode(id: string, overrides: Partial<ArchitectureNode> = {}): ArchitectureNode {
  return {
    id,
    label: id,
    name: id,
    group: 'backend',
    type: 'service',
    layer: 'backend',
    status: 'healthy',
    health_score: 1,
    environment: 'prod',
    namespace: 'shop',
    tags: {},
    metrics: {
      request_rate: 12.345,
      error_rate: 0.5,
      response_time: 41.96,
      response_time_p95: 90,
      response_time_p99: 120,
      cpu_usage: 33.33,
      memory_usage: null,
      availability: 99.95,
    },
    source: 'observed',
    ...overrides,
  };
}

export function testGraph(
  groups: Record<string, string[]>,
  edges: Array<[string, string]> = [],
): ArchitectureGraph {
  const nodes = Object.entries(groups).flatMap(([group, ids]) =>
    ids.map((id) => testNode(id, { group })),
  );
  return {
    nodes,
    edges: edges.map(([from, to]) => ({ from, to, request_rate: 1, error_rate: 0 })),
    groups: Object.entries(groups).map(([id, ids]) => ({ id, label: id, nodes: ids })),
    grouping_metadata: {
      strategy_used: 'attribute_based',
      groups_created: Object.keys(groups).length,
      dimension: 'layer',
    },
  };
}
