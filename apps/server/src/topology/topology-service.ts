import type { ArchitectureGraph, ArchitectureMetrics, GroupingStrategy } from '@vigil/contract';
import type { Bus } from '../bus/bus';
import type { MetricBatch, SpanBatch } from '../bus/record-batch';
import type { MetricPoint, Span } from '../ingest/records';
import type { Clock } from '../shared/clock';
import type { TopologyRepository } from '../store/topology-repository';
import type { DeclaredArchitecture } from './declared-architecture';
import { mergeDeclared } from './declared-merge';
import { snapshotGraph, type GraphSnapshot } from './graph-snapshot';
import { DEFAULT_GROUPING_CONFIG, groupGraph, type GroupingConfig } from './grouping/group-graph';
import { UNGROUPED, type GroupingResult } from './grouping/grouping-types';
import type { WindowShape } from './metric-window';
import {
  createComponentNormaliser,
  EMPTY_NORMALISER_CONFIG,
  type ComponentNormaliser,
  type NormaliserConfig,
} from './normalise-component';
import { createResourceUsageTracker } from './resource-usage';
import { createSpanFolder } from './span-fold';
import { createTopologyGraph, type GraphLimits } from './topology-graph';
import { flushGraph, loadPersistedGraph } from './topology-persistence';

export interface TopologyServiceOptions {
  bus: Bus;
  repository: TopologyRepository;
  clock: Clock;
  /** `otel.synonym_groups` / `otel.known_taxonomies`; read on every fold, so settings apply live. */
  normaliser?: () => NormaliserConfig;
  grouping?: () => GroupingConfig;
  /** Components with an open incident (fed by the orchestrator); return a new set when it changes. */
  openIncidentComponents?: () => ReadonlySet<string>;
  declared?: DeclaredArchitecture | null;
  persistEveryMs?: number;
  shape?: WindowShape;
  limits?: GraphLimits;
  indexCapacity?: number;
  onError?: (error: unknown) => void;
}

export interface TopologyService {
  start(): Promise<void>;
  stop(): Promise<void>;
  foldSpans(spans: readonly Span[]): number;
  foldMetrics(points: readonly MetricPoint[]): number;
  visualization(strategy: GroupingStrategy, dimension: string): ArchitectureGraph;
  metrics(): ArchitectureMetrics;
  nodeCount(): number;
  flush(): Promise<void>;
  readonly normalise: ComponentNormaliser;
}

const NO_INCIDENTS: ReadonlySet<string> = new Set();
const MAX_CACHED_GROUPINGS = 32;
const FOLD_SLICE = 5_000;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The service graph as a running part of the server: folds `records.spans` and `records.metrics`,
 * answers the architecture calls from caches (the grouping per strategy and dimension until the
 * graph's structure changes; the metrics snapshot until a metric moves), and persists the graph.
 */
export function createTopologyService(options: TopologyServiceOptions): TopologyService {
  const normalise = createComponentNormaliser(
    options.normaliser ?? (() => EMPTY_NORMALISER_CONFIG),
  );
  const graph = createTopologyGraph({
    normalise,
    ...(options.shape ? { shape: options.shape } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const folder = createSpanFolder(graph, {
    now: () => options.clock.now(),
    ...(options.indexCapacity ? { indexCapacity: options.indexCapacity } : {}),
  });
  const usage = createResourceUsageTracker();
  const incidents = options.openIncidentComponents ?? (() => NO_INCIDENTS);
  const groupingConfig = options.grouping ?? (() => DEFAULT_GROUPING_CONFIG);
  const unsubscribe: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let snapshotCache: {
    key: string;
    incidents: ReadonlySet<string>;
    snapshot: GraphSnapshot;
  } | null = null;
  const groupingCache = new Map<
    string,
    { structure: number; config: GroupingConfig; result: GroupingResult }
  >();
  let answerCache: {
    snapshot: GraphSnapshot;
    result: GroupingResult;
    answer: ArchitectureGraph;
  } | null = null;

  const currentBucket = (): number => {
    const watermark = folder.watermark();
    return Math.floor((watermark > 0 ? watermark : options.clock.now()) / graph.shape.bucketMs);
  };

  const snapshot = (): GraphSnapshot => {
    const open = incidents();
    const key = `${graph.structureVersion()}:${graph.metricsVersion()}:${currentBucket()}`;
    if (snapshotCache && snapshotCache.key === key && snapshotCache.incidents === open)
      return snapshotCache.snapshot;
    const fresh = snapshotGraph(graph, currentBucket(), (id) => usage.usage(id), open);
    snapshotCache = { key, incidents: open, snapshot: fresh };
    return fresh;
  };

  const grouping = (
    strategy: GroupingStrategy,
    dimension: string,
    current: GraphSnapshot,
  ): GroupingResult => {
    const key = `${strategy}\u0000${dimension}`;
    const config = groupingConfig();
    const cached = groupingCache.get(key);
    if (cached && cached.structure === graph.structureVersion() && cached.config === config)
      return cached.result;
    const result = groupGraph(current.nodes, current.edges, strategy, dimension, config);
    if (groupingCache.size >= MAX_CACHED_GROUPINGS) groupingCache.clear();
    groupingCache.set(key, { structure: graph.structureVersion(), config, result });
    return result;
  };

  const flush = async (): Promise<void> =>
    flushGraph(graph, options.repository, options.clock.now());

  const service: TopologyService = {
    normalise,
    async start() {
      await loadPersistedGraph(graph, options.repository);
      if (options.declared) mergeDeclared(graph, options.declared);
      unsubscribe.push(
        options.bus.subscribe<SpanBatch>('records.spans', 'topology', async (batch) => {
          for (let start = 0; start < batch.records.length; start += FOLD_SLICE) {
            if (start > 0) await yieldToEventLoop();
            service.foldSpans(
              start === 0 && batch.records.length <= FOLD_SLICE
                ? batch.records
                : batch.records.slice(start, start + FOLD_SLICE),
            );
          }
        }),
        options.bus.subscribe<MetricBatch>('records.metrics', 'topology', (batch) => {
          service.foldMetrics(batch.records);
        }),
      );
      timer = setInterval(() => {
        flush().catch((error: unknown) => options.onError?.(error));
      }, options.persistEveryMs ?? 5_000);
      timer.unref();
    },
    async stop() {
      for (const off of unsubscribe.splice(0)) off();
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    foldSpans: (spans) => folder.fold(spans),
    foldMetrics(points) {
      const used = usage.fold(points, normalise);
      if (used > 0) graph.touchMetrics();
      return used;
    },
    visualization(strategy, dimension) {
      const current = snapshot();
      const result = grouping(strategy, dimension, current);
      if (answerCache && answerCache.snapshot === current && answerCache.result === result)
        return answerCache.answer;
      const groupOf = new Map<string, string>();
      for (const group of result.groups) for (const id of group.nodes) groupOf.set(id, group.id);
      const answer: ArchitectureGraph = {
        nodes: current.nodes.map((node) => ({ ...node, group: groupOf.get(node.id) ?? UNGROUPED })),
        edges: current.edges,
        groups: result.groups,
        grouping_metadata: {
          strategy_used: result.strategyUsed,
          groups_created: result.groups.length,
          dimension: result.dimension,
        },
      };
      answerCache = { snapshot: current, result, answer };
      return answer;
    },
    metrics() {
      const out: ArchitectureMetrics = {};
      for (const node of snapshot().nodes)
        out[node.id] = {
          cpu_usage: node.metrics.cpu_usage,
          memory_usage: node.metrics.memory_usage,
        };
      return out;
    },
    nodeCount: () => graph.nodes.size,
    flush,
  };
  return service;
}
