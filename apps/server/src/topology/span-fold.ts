import type { Span } from '../ingest/records';
import { SpanKind } from '../ingest/records';
import { bucketMedian, createMetricWindow, recordInWindow } from './metric-window';
import { nextBaseline } from './node-health';
import { consumedQueue, isErrorSpan, peerOf, resourceFacts, type Peer } from './span-facts';
import { layerFor, typeForLayer, type NodeState, type TopologyGraph } from './topology-graph';
import { createTwoGenerationMap } from './two-generation-map';

/** A child span seen before its parent: the edge is made when the parent arrives. */
interface WaitingChild {
  node: NodeState;
  bucket: number;
  error: boolean;
  kind: number;
}

export interface SpanFolder {
  /** Folds spans into the graph; returns how many were used. */
  fold(spans: readonly Span[]): number;
  /** The newest event time seen (ms), clamped to the wall clock plus a minute of skew. */
  watermark(): number;
}

export interface SpanFolderOptions {
  now: () => number;
  /** Span ids remembered for parent lookups, per generation (2 generations). */
  indexCapacity?: number;
}

/**
 * Turns spans into nodes, edges and per-node windows. Edges come from a parent and a child span
 * in different services (a CLIENT span and the SERVER span it caused, or any cross-service
 * parent/child), from a CLIENT/PRODUCER span to the database, queue or host it calls, and from a
 * queue to the CONSUMER that reads it. A host that turns out to be an instrumented service (its
 * SERVER span arrives as the CLIENT span's child) is an alias of that service from then on.
 */
export function createSpanFolder(graph: TopologyGraph, options: SpanFolderOptions): SpanFolder {
  const capacity = options.indexCapacity ?? 100_000;
  const spanNode = createTwoGenerationMap<string, NodeState>(capacity);
  const clientPeer = createTwoGenerationMap<string, NodeState>(capacity);
  const waiting = createTwoGenerationMap<string, WaitingChild>(capacity);
  const aliases = new Map<string, string>();
  const bucketMs = graph.shape.bucketMs;
  let watermark = 0;

  const recordNode = (
    node: NodeState,
    bucket: number,
    durationMs: number,
    error: boolean,
  ): void => {
    if (bucket > node.lastBucket) {
      if (node.lastBucket >= 0) {
        const median = bucketMedian(node.window, node.lastBucket);
        if (median !== null) node.baseline = nextBaseline(node.baseline, median);
      }
      node.lastBucket = bucket;
    }
    if (!recordInWindow(node.window, bucket, durationMs, error)) graph.countDropped(1);
  };

  const connect = (from: NodeState, to: NodeState, bucket: number, error: boolean): void => {
    const edge = graph.ensureEdge(from, to);
    if (!edge) return;
    edge.observed = true;
    recordInWindow(edge.window, bucket, 0, error);
  };

  const serviceNode = (span: Span): NodeState | null => {
    const id = graph.normalise(span.component);
    const node =
      graph.nodes.get(aliases.get(id) ?? id) ??
      graph.ensureNode(id, {
        type: 'service',
        layerHint: span.resource,
        facts: resourceFacts(span.resource),
      });
    if (!node) return null;
    if (!node.instrumented || !node.observed) {
      // A node first met as someone's callee starts counting its own SERVER spans from here.
      if (!node.instrumented) {
        // Its callers' CLIENT spans counted for it until now; its own SERVER spans take over, so
        // the callee-side counts go (those calls' SERVER spans are counted when they arrive).
        node.window = createMetricWindow(graph.shape, true);
        node.lastBucket = -1;
        node.baseline = null;
        if (node.type === 'external') {
          node.layer = layerFor(node.id, 'service', span.resource);
          node.type = typeForLayer(node.layer);
        }
      }
      node.instrumented = true;
      node.observed = true;
      graph.touchStructure(node);
    }
    if (node.lastResource !== span.resource) {
      node.lastResource = span.resource;
      graph.applyFacts(node, resourceFacts(span.resource));
    }
    return node;
  };

  const peerNode = (peer: Peer): NodeState | null => {
    const id = graph.normalise(peer.name);
    const resolved = aliases.get(id) ?? id;
    const hint = peer.system
      ? { [peer.type === 'queue' ? 'messaging.system' : 'db.system']: peer.system }
      : {};
    const tags = peer.system
      ? { [peer.type === 'queue' ? 'messaging.system' : 'db.system']: peer.system }
      : {};
    const node =
      graph.nodes.get(resolved) ??
      graph.ensureNode(resolved, {
        type: peer.type,
        layerHint: hint,
        facts: { environment: 'prod', namespace: 'default', tags },
      });
    if (node && !node.observed) {
      node.observed = true;
      graph.touchStructure(node);
    }
    return node;
  };

  /** `child` (a span of `node`) has `parent` in another service: draw the edge, learn an alias. */
  const link = (
    parentNode: NodeState,
    parentSpanId: string,
    child: NodeState,
    bucket: number,
    error: boolean,
    kind: number,
  ): void => {
    // A consumer's edge runs from its queue (made in foldOne), not from the producer.
    if (parentNode === child || kind === SpanKind.CONSUMER) return;
    connect(parentNode, child, bucket, error);
    const candidate = clientPeer.get(parentSpanId);
    if (
      candidate &&
      candidate !== child &&
      !candidate.instrumented &&
      candidate.type === 'external'
    ) {
      aliases.set(candidate.id, child.id);
      graph.removeNode(candidate.id);
    }
  };

  const foldOne = (span: Span): boolean => {
    const node = serviceNode(span);
    if (!node) return false;
    const time = span.startTime;
    if (time > watermark) watermark = Math.min(time, options.now() + 60_000);
    const bucket = Math.floor(Math.min(time, watermark) / bucketMs);
    const durationMs = span.endTime - span.startTime;
    const error = isErrorSpan(span);
    const kind = span.kind;
    if (kind === SpanKind.SERVER || kind === SpanKind.CONSUMER || span.parentSpanId === null)
      recordNode(node, bucket, durationMs, error);
    node.lastSeen = time;

    const peer = peerOf(span);
    if (peer) {
      const target = peerNode(peer);
      if (target && target !== node && !target.instrumented) {
        recordNode(target, bucket, durationMs, error);
        connect(node, target, bucket, error);
        if (peer.mayBeService) clientPeer.set(span.spanId, target);
      } else if (target && target !== node) {
        // An instrumented callee counts its own SERVER spans; the edge still exists if those are sampled out.
        const edge = graph.ensureEdge(node, target);
        if (edge) edge.observed = true;
      }
    }
    const queue = consumedQueue(span);
    if (queue) {
      const source = peerNode({ name: queue, type: 'queue', mayBeService: false, system: null });
      if (source && source !== node) connect(source, node, bucket, error);
    }

    if (span.parentSpanId !== null) {
      const parentNode = spanNode.get(span.parentSpanId);
      if (parentNode) link(parentNode, span.parentSpanId, node, bucket, error, kind);
      else waiting.set(span.parentSpanId, { node, bucket, error, kind });
    }
    const early = waiting.get(span.spanId);
    if (early) {
      waiting.delete(span.spanId);
      link(node, span.spanId, early.node, early.bucket, early.error, early.kind);
    }
    spanNode.set(span.spanId, node);
    return true;
  };

  return {
    fold(spans) {
      let used = 0;
      for (let i = 0; i < spans.length; i += 1) {
        const span = spans[i];
        if (span && foldOne(span)) used += 1;
      }
      if (used < spans.length) graph.countDropped(spans.length - used);
      if (used > 0) graph.touchMetrics();
      return used;
    },
    watermark: () => watermark,
  };
}
