import type { ArchitectureEdge, ArchitectureNode } from '@vigil/contract';
import { SKETCH_BINS } from './latency-sketch';
import { summariseWindow } from './metric-window';
import { BASELINE_MIN_SAMPLES, nodeHealth } from './node-health';
import type { Usage } from './resource-usage';
import type { TopologyGraph } from './topology-graph';

/** A node as the API shows it, before grouping assigns `group`. */
export type SnapshotNode = Omit<ArchitectureNode, 'group'>;

export interface GraphSnapshot {
  nodes: SnapshotNode[];
  edges: ArchitectureEdge[];
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Reads the whole graph at `currentBucket` (the event-time watermark): per-node metrics from its
 * window, CPU/memory from metrics, health from errors, latency against the node's own baseline
 * and open incidents. Nodes sort by id so answers are stable.
 */
export function snapshotGraph(
  graph: TopologyGraph,
  currentBucket: number,
  usage: (id: string) => Usage,
  openIncidents: ReadonlySet<string>,
): GraphSnapshot {
  const scratch = new Float64Array(SKETCH_BINS);
  const nodes: SnapshotNode[] = [];
  const edges: ArchitectureEdge[] = [];
  const ids = [...graph.nodes.keys()].sort();
  for (const id of ids) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const s = summariseWindow(node.window, graph.shape, currentBucket, scratch);
    const errorRate = s.count === 0 ? 0 : (100 * s.errors) / s.count;
    const baseline =
      node.baseline && node.baseline.samples >= BASELINE_MIN_SAMPLES ? node.baseline.value : null;
    const health = nodeHealth({
      requests: s.count,
      errorRatePercent: errorRate,
      p50Ms: s.p50,
      baselineP50Ms: baseline,
      openIncident: openIncidents.has(id),
    });
    const { cpu_usage, memory_usage } = usage(id);
    nodes.push({
      id,
      label: node.name,
      name: node.name,
      type: node.type,
      layer: node.layer,
      status: health.status,
      health_score: health.score,
      environment: node.environment,
      namespace: node.namespace,
      tags: node.tags,
      metrics: {
        request_rate: round(s.count / s.coveredSeconds, 3),
        error_rate: round(errorRate, 2),
        response_time: round(s.p50, 2),
        response_time_p95: round(s.p95, 2),
        response_time_p99: round(s.p99, 2),
        cpu_usage: cpu_usage === null ? null : round(cpu_usage, 1),
        memory_usage: memory_usage === null ? null : round(memory_usage, 1),
        availability: round(100 - errorRate, 2),
      },
      source: node.observed && node.declared ? 'both' : node.declared ? 'declared' : 'observed',
    });
    for (const edge of node.out.values()) {
      const e = summariseWindow(edge.window, graph.shape, currentBucket);
      edges.push({
        from: id,
        to: edge.to.id,
        request_rate: round(e.count / e.coveredSeconds, 3),
        error_rate: e.count === 0 ? 0 : round((100 * e.errors) / e.count, 2),
      });
    }
  }
  return { nodes, edges };
}
