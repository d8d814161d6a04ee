import type { Layer } from '@vigil/contract';
import type { Attributes } from '../ingest/records';
import { inferLayer } from './layer-inference';
import {
  createMetricWindow,
  DEFAULT_WINDOW,
  type MetricWindow,
  type WindowShape,
} from './metric-window';
import type { ComponentNormaliser } from './normalise-component';
import type { NodeType, ResourceFacts } from './span-facts';

/**
 * The service graph's state: nodes and edges keyed by id, each with its sliding metric window.
 * Mutations mark what changed so persistence writes only that, and bump versions so readers can
 * cache derived answers (grouping) until the structure changes.
 */
export interface NodeState {
  id: string;
  name: string;
  type: NodeType;
  layer: Layer;
  environment: string;
  namespace: string;
  tags: Record<string, string>;
  /** Emits its own spans (it is a `service.name`), so callers' CLIENT spans do not count for it. */
  instrumented: boolean;
  observed: boolean;
  declared: boolean;
  window: MetricWindow;
  /** Newest bucket recorded: when it advances, the closed bucket's median feeds the baseline. */
  lastBucket: number;
  baseline: { value: number; samples: number } | null;
  /** Identity of the last resource seen; facts are re-read only when it changes. */
  lastResource: Attributes | null;
  out: Map<string, EdgeState>;
  lastSeen: number;
}

export interface EdgeState {
  from: NodeState;
  to: NodeState;
  window: MetricWindow;
  observed: boolean;
  declared: boolean;
}

export interface DirtySet {
  nodes: NodeState[];
  edges: EdgeState[];
  removed: string[];
}

export interface GraphLimits {
  maxNodes: number;
  maxEdges: number;
}

export const DEFAULT_LIMITS: GraphLimits = { maxNodes: 10_000, maxEdges: 50_000 };

export interface NodeDefaults {
  type: NodeType;
  layerHint?: Attributes;
  facts?: ResourceFacts;
}

export interface TopologyGraph {
  readonly shape: WindowShape;
  readonly normalise: ComponentNormaliser;
  readonly nodes: ReadonlyMap<string, NodeState>;
  edgeCount(): number;
  /** Bumped when nodes, edges or their descriptive fields change. */
  structureVersion(): number;
  /** Bumped whenever a metric moves. */
  metricsVersion(): number;
  touchMetrics(): void;
  touchStructure(node?: NodeState): void;
  /** Null when the node cap is reached. */
  ensureNode(id: string, defaults: NodeDefaults): NodeState | null;
  ensureEdge(from: NodeState, to: NodeState): EdgeState | null;
  removeNode(id: string): void;
  applyFacts(node: NodeState, facts: ResourceFacts): void;
  takeDirty(): DirtySet;
  /** Puts back what a failed write took, so the next flush retries it. */
  restoreDirty(dirty: DirtySet): void;
  dropped(): number;
  countDropped(n: number): void;
}

export function typeForLayer(layer: Layer): NodeType {
  if (layer === 'database') return 'database';
  if (layer === 'cache') return 'cache';
  if (layer === 'queues') return 'queue';
  if (layer === 'storage') return 'storage';
  return 'service';
}

/** External hosts are not our gateways or backends, whatever their names contain (`api.stripe.com`). */
export function layerFor(name: string, type: NodeType, hint: Attributes = {}): Layer {
  const layer = inferLayer(name, hint);
  if (type === 'external' && (layer === 'api_gateway' || layer === 'backend')) return 'ungrouped';
  if (type === 'queue') return 'queues';
  if (type === 'database' || type === 'cache' || type === 'storage')
    return type === 'database' ? 'database' : type;
  return layer;
}

function sameFacts(node: NodeState, facts: ResourceFacts): boolean {
  if (node.environment !== facts.environment || node.namespace !== facts.namespace) return false;
  const keys = Object.keys(facts.tags);
  if (keys.length !== Object.keys(node.tags).length) return false;
  for (const key of keys) if (node.tags[key] !== facts.tags[key]) return false;
  return true;
}

export function createTopologyGraph(options: {
  normalise: ComponentNormaliser;
  shape?: WindowShape;
  limits?: GraphLimits;
}): TopologyGraph {
  const shape = options.shape ?? DEFAULT_WINDOW;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const nodes = new Map<string, NodeState>();
  let edges = 0;
  let structure = 0;
  let metrics = 0;
  let droppedRecords = 0;
  const dirtyNodes = new Set<NodeState>();
  const dirtyEdges = new Set<EdgeState>();
  const removed = new Set<string>();

  const graph: TopologyGraph = {
    shape,
    normalise: options.normalise,
    nodes,
    edgeCount: () => edges,
    structureVersion: () => structure,
    metricsVersion: () => metrics,
    touchMetrics: () => {
      metrics += 1;
    },
    touchStructure: (node) => {
      structure += 1;
      if (node) dirtyNodes.add(node);
    },
    ensureNode(id, defaults) {
      const existing = nodes.get(id);
      if (existing) return existing;
      if (nodes.size >= limits.maxNodes) return null;
      const layer = layerFor(id, defaults.type, defaults.layerHint);
      const type = defaults.type === 'service' ? typeForLayer(layer) : defaults.type;
      const node: NodeState = {
        id,
        name: id,
        type,
        layer,
        environment: defaults.facts?.environment ?? 'prod',
        namespace: defaults.facts?.namespace ?? 'default',
        tags: defaults.facts?.tags ?? {},
        instrumented: false,
        observed: false,
        declared: false,
        window: createMetricWindow(shape, true),
        lastBucket: -1,
        baseline: null,
        lastResource: null,
        out: new Map(),
        lastSeen: 0,
      };
      nodes.set(id, node);
      removed.delete(id);
      graph.touchStructure(node);
      return node;
    },
    ensureEdge(from, to) {
      const existing = from.out.get(to.id);
      if (existing) return existing;
      if (edges >= limits.maxEdges) return null;
      const edge: EdgeState = {
        from,
        to,
        window: createMetricWindow(shape, false),
        observed: false,
        declared: false,
      };
      from.out.set(to.id, edge);
      edges += 1;
      dirtyEdges.add(edge);
      structure += 1;
      return edge;
    },
    removeNode(id) {
      const node = nodes.get(id);
      if (!node) return;
      nodes.delete(id);
      edges -= node.out.size;
      for (const other of nodes.values()) if (other.out.delete(id)) edges -= 1;
      dirtyNodes.delete(node);
      for (const edge of dirtyEdges)
        if (edge.from === node || edge.to === node) dirtyEdges.delete(edge);
      removed.add(id);
      structure += 1;
    },
    applyFacts(node, facts) {
      // Every OTLP request brings a fresh resource object; only a real change may invalidate caches.
      if (node.declared || sameFacts(node, facts)) return;
      node.environment = facts.environment;
      node.namespace = facts.namespace;
      node.tags = facts.tags;
      graph.touchStructure(node);
    },
    takeDirty() {
      const taken = { nodes: [...dirtyNodes], edges: [...dirtyEdges], removed: [...removed] };
      dirtyNodes.clear();
      dirtyEdges.clear();
      removed.clear();
      return taken;
    },
    restoreDirty(dirty) {
      for (const node of dirty.nodes) if (nodes.get(node.id) === node) dirtyNodes.add(node);
      for (const edge of dirty.edges)
        if (nodes.get(edge.from.id) === edge.from && edge.from.out.get(edge.to.id) === edge)
          dirtyEdges.add(edge);
      for (const id of dirty.removed) if (!nodes.has(id)) removed.add(id);
    },
    dropped: () => droppedRecords,
    countDropped: (n) => {
      droppedRecords += n;
    },
  };
  return graph;
}
