import type { Layer } from '@vigil/contract';
import { Layer as LayerSchema } from '@vigil/contract';
import type { TopologyRepository } from '../store/topology-repository';
import type { JsonObject } from '../store/json';
import type { NodeType } from './span-facts';
import type { TopologyGraph } from './topology-graph';

/**
 * What survives a restart: observed nodes (with their descriptive fields) and observed edges.
 * Metric windows and latency baselines do not: they describe the last minutes, and a restarted
 * server relearns them from fresh telemetry. Declared nodes come from the file at every start.
 */
const NODE_TYPES = new Set<string>([
  'service',
  'database',
  'cache',
  'queue',
  'external',
  'storage',
]);

const text = (doc: JsonObject, key: string, fallback: string): string => {
  const value = doc[key];
  return typeof value === 'string' && value.length > 0 ? value : fallback;
};

function tagsOf(doc: JsonObject): Record<string, string> {
  const raw = doc['tags'];
  const tags: Record<string, string> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw))
      if (typeof value === 'string') tags[key] = value;
  }
  return tags;
}

/** Loads the persisted graph into `graph`; unreadable documents are skipped, not fatal. */
export async function loadPersistedGraph(
  graph: TopologyGraph,
  repository: TopologyRepository,
): Promise<void> {
  const { nodes, edges } = await repository.loadAll();
  for (const record of nodes) {
    const doc = record.doc;
    const type = text(doc, 'type', 'service');
    const layer = LayerSchema.safeParse(doc['layer']);
    const node = graph.ensureNode(record.id, {
      type: (NODE_TYPES.has(type) ? type : 'service') as NodeType,
    });
    if (!node) break;
    node.name = text(doc, 'name', record.id);
    if (layer.success) node.layer = layer.data as Layer;
    node.environment = text(doc, 'environment', 'prod');
    node.namespace = text(doc, 'namespace', 'default');
    node.tags = tagsOf(doc);
    node.instrumented = doc['instrumented'] === true;
    node.observed = true;
    node.lastSeen = record.updatedAt;
  }
  for (const record of edges) {
    const from = graph.nodes.get(record.from);
    const to = graph.nodes.get(record.to);
    if (!from || !to) continue;
    const edge = graph.ensureEdge(from, to);
    if (edge) edge.observed = true;
  }
  // What was just loaded is already stored.
  graph.takeDirty();
}

/** Writes what changed since the last flush; on failure the changes stay queued for the next one. */
export async function flushGraph(
  graph: TopologyGraph,
  repository: TopologyRepository,
  nowMs: number,
): Promise<void> {
  const dirty = graph.takeDirty();
  try {
    const nodes = dirty.nodes
      .filter((node) => node.observed)
      .map((node) => ({
        id: node.id,
        updatedAt: nowMs,
        doc: {
          name: node.name,
          type: node.type,
          layer: node.layer,
          environment: node.environment,
          namespace: node.namespace,
          tags: node.tags,
          instrumented: node.instrumented,
        },
      }));
    const edges = dirty.edges
      .filter(
        (edge) =>
          edge.observed &&
          graph.nodes.get(edge.from.id) === edge.from &&
          graph.nodes.get(edge.to.id) === edge.to,
      )
      .map((edge) => ({ from: edge.from.id, to: edge.to.id, updatedAt: nowMs, doc: {} }));
    if (dirty.removed.length > 0) await repository.deleteNodes(dirty.removed);
    if (nodes.length > 0) await repository.upsertNodes(nodes);
    if (edges.length > 0) await repository.upsertEdges(edges);
  } catch (error) {
    graph.restoreDirty(dirty);
    throw error;
  }
}
