import { describe, expect, it } from 'vitest';
import { ArchitectureGraph, type ArchitectureNode } from '@vigil/contract';
import { createInProcessBus } from '../bus/in-process-bus';
import { SpanKind, type Span } from '../ingest/records';
import { createFakeClock } from '../shared/clock';
import type {
  TopologyEdgeRecord,
  TopologyNodeRecord,
  TopologyRepository,
} from '../store/topology-repository';
import { makeCall, makeMetric, makeSpan } from './test-spans';
import { createTopologyService, type TopologyServiceOptions } from './topology-service';

const T0 = Date.UTC(2026, 2, 1, 11, 59, 0);

function memoryRepository(): TopologyRepository & { nodes: Map<string, TopologyNodeRecord> } {
  const nodes = new Map<string, TopologyNodeRecord>();
  const edges = new Map<string, TopologyEdgeRecord>();
  return {
    nodes,
    upsertNodes: async (list) => void list.forEach((n) => nodes.set(n.id, n)),
    upsertEdges: async (list) => void list.forEach((e) => edges.set(`${e.from}>${e.to}`, e)),
    loadAll: async () => ({ nodes: [...nodes.values()], edges: [...edges.values()] }),
    deleteNodes: async (ids) => void ids.forEach((id) => nodes.delete(id)),
  };
}

function service(overrides: Partial<TopologyServiceOptions> = {}) {
  return createTopologyService({
    bus: createInProcessBus({
      onHandlerError: (_t, _g, e) => {
        throw e;
      },
    }),
    repository: memoryRepository(),
    clock: createFakeClock(Date.UTC(2026, 2, 1, 12)),
    ...overrides,
  });
}

/** gateway → orders → postgres, 20 requests in one 10-s bucket, 4 of them failing in orders. */
export function shopSpans(): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < 20; i += 1) {
    const at = T0 + i * 100;
    const root = makeSpan({ component: 'api-gateway', startTime: at, endTime: at + 30 });
    const [client, server] = makeCall('api-gateway', 'orders', root.spanId, {
      at,
      ms: 20,
      error: i % 5 === 0,
    });
    const db = makeSpan({
      component: 'orders',
      kind: SpanKind.CLIENT,
      parentSpanId: server.spanId,
      startTime: at + 2,
      endTime: at + 7,
      attributes: { 'db.system': 'postgresql', 'db.namespace': 'orders', 'server.address': 'pg-1' },
    });
    spans.push(root, client, server, db);
  }
  // Exporters send children before parents; the fold must not care.
  return spans.reverse();
}

const byId = (graph: ArchitectureGraph, id: string): ArchitectureNode => {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no node ${id} in ${graph.nodes.map((n) => n.id).join(', ')}`);
  return node;
};

describe('topology service', () => {
  it('builds nodes, edges, metrics and health from spans', () => {
    const topology = service();
    expect(topology.foldSpans(shopSpans())).toBe(80);
    const graph = ArchitectureGraph.parse(topology.visualization('attribute_based', 'layer'));
    expect(graph.nodes.map((n) => n.id)).toEqual(['api-gateway', 'orders', 'postgresql:orders']);
    expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'api-gateway>orders',
      'orders>postgresql:orders',
    ]);
    expect(graph.nodes.map((n) => [n.id, n.layer, n.type])).toEqual([
      ['api-gateway', 'api_gateway', 'service'],
      ['orders', 'backend', 'service'],
      ['postgresql:orders', 'database', 'database'],
    ]);
    const orders = byId(graph, 'orders');
    expect(orders.metrics).toMatchObject({
      request_rate: 2,
      error_rate: 20,
      response_time: 20,
      availability: 80,
    });
    expect(orders).toMatchObject({
      status: 'degraded',
      health_score: 0.525,
      environment: 'prod',
      namespace: 'default',
      source: 'observed',
    });
    expect(byId(graph, 'api-gateway')).toMatchObject({ status: 'healthy', health_score: 1 });
    expect(byId(graph, 'api-gateway').metrics).toMatchObject({
      request_rate: 2,
      error_rate: 0,
      response_time: 30,
    });
    expect(byId(graph, 'postgresql:orders').metrics).toMatchObject({
      request_rate: 2,
      response_time: 5,
    });
    expect(graph.edges[0]).toMatchObject({ request_rate: 2, error_rate: 20 });
    expect(graph.groups.map((g) => g.id)).toEqual(['api_gateway', 'backend', 'database']);
    expect(graph.grouping_metadata).toEqual({
      strategy_used: 'attribute_based',
      groups_created: 3,
      dimension: 'layer',
    });
  });

  it('turns a host into its service once the SERVER span shows up, and keeps real externals', () => {
    const topology = service();
    const [client, server] = makeCall('checkout', 'inventory', null, {
      at: T0,
      ms: 4,
      attributes: { 'server.address': '10.0.0.7' },
    });
    topology.foldSpans([client]);
    expect(topology.visualization('auto', 'layer').nodes.map((n) => n.id)).toContain('10.0.0.7');
    const stripe = makeSpan({
      component: 'checkout',
      kind: SpanKind.CLIENT,
      startTime: T0,
      attributes: { 'server.address': 'api.stripe.com', 'http.response.status_code': 503 },
    });
    topology.foldSpans([server, stripe]);
    const graph = topology.visualization('auto', 'layer');
    expect(graph.nodes.map((n) => [n.id, n.type, n.layer])).toEqual([
      ['api.stripe.com', 'external', 'ungrouped'],
      ['checkout', 'service', 'backend'],
      ['inventory', 'service', 'backend'],
    ]);
    expect(byId(graph, 'api.stripe.com').metrics.error_rate).toBe(100);
    expect(graph.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual([
      'checkout>api.stripe.com',
      'checkout>inventory',
    ]);
  });

  it('routes messaging through the queue node', () => {
    const topology = service();
    const produce = makeSpan({
      component: 'orders',
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-events' },
    });
    const consume = makeSpan({
      component: 'notifier',
      kind: SpanKind.CONSUMER,
      parentSpanId: produce.spanId,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-events' },
    });
    topology.foldSpans([produce, consume]);
    const graph = topology.visualization('auto', 'layer');
    expect(graph.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual([
      'kafka:order-events>notifier',
      'orders>kafka:order-events',
    ]);
    expect(byId(graph, 'kafka:order-events')).toMatchObject({ type: 'queue', layer: 'queues' });
  });

  it('merges synonyms into one component', () => {
    const topology = service({
      normaliser: () => ({ synonymGroups: [['payments', 'payment-svc']], knownTaxonomies: [] }),
    });
    topology.foldSpans([
      makeSpan({ component: 'payment-svc' }),
      makeSpan({ component: 'payments' }),
    ]);
    const graph = topology.visualization('auto', 'layer');
    expect(graph.nodes.map((n) => n.id)).toEqual(['payments']);
    expect(graph.nodes[0]?.metrics.request_rate).toBe(0.2);
  });

  it("judges latency against the node's own baseline and marks open incidents", () => {
    let incidents: ReadonlySet<string> = new Set();
    const topology = service({ openIncidentComponents: () => incidents });
    for (let bucket = 0; bucket < 5; bucket += 1) {
      topology.foldSpans([
        makeSpan({
          component: 'search',
          startTime: T0 + bucket * 10_000,
          endTime: T0 + bucket * 10_000 + 10,
        }),
      ]);
    }
    expect(byId(topology.visualization('auto', 'layer'), 'search')).toMatchObject({
      status: 'healthy',
      health_score: 1,
    });
    // Everything in the last bucket is 10x slower; the window's p50 follows once slow requests dominate.
    const slow = Array.from({ length: 10 }, () =>
      makeSpan({ component: 'search', startTime: T0 + 50_000, endTime: T0 + 50_100 }),
    );
    topology.foldSpans(slow);
    expect(byId(topology.visualization('auto', 'layer'), 'search')).toMatchObject({
      status: 'degraded',
      health_score: 0.6,
    });
    incidents = new Set(['search']);
    expect(byId(topology.visualization('auto', 'layer'), 'search')).toMatchObject({
      status: 'degraded',
      health_score: 0.6,
    });
  });

  it('reads CPU and memory from metrics and says null without data', () => {
    const topology = service();
    topology.foldSpans([
      makeSpan({ component: 'orders' }),
      makeSpan({ component: 'billing' }),
      makeSpan({ component: 'web' }),
    ]);
    const at = T0 + 1_000;
    topology.foldMetrics([
      makeMetric('orders', 'process.cpu.utilization', 0.42, at),
      makeMetric('orders', 'container.memory.usage', 512 * 2 ** 20, at),
      makeMetric('orders', 'container.memory.limit', 2 ** 30, at),
      makeMetric('billing', 'system.cpu.utilization', 0.8, at, {
        'system.cpu.state': 'idle',
        'system.cpu.logical_number': 0,
      }),
      makeMetric('billing', 'system.cpu.utilization', 0.15, at, {
        'system.cpu.state': 'user',
        'system.cpu.logical_number': 0,
      }),
      makeMetric('billing', 'system.cpu.utilization', 0.6, at, {
        'system.cpu.state': 'idle',
        'system.cpu.logical_number': 1,
      }),
      makeMetric('billing', 'process.memory.usage', 100, at),
      makeMetric(
        'billing',
        'system.memory.utilization',
        37.5,
        at,
        { 'system.memory.state': 'used' },
        '%',
      ),
    ]);
    expect(topology.metrics()).toEqual({
      billing: { cpu_usage: 30, memory_usage: 37.5 },
      orders: { cpu_usage: 42, memory_usage: 50 },
      web: { cpu_usage: null, memory_usage: null },
    });
  });

  it('persists the graph and loads it back', async () => {
    const repository = memoryRepository();
    const first = service({ repository });
    await first.start();
    first.foldSpans(shopSpans());
    await first.stop();
    expect([...repository.nodes.keys()].sort()).toEqual([
      'api-gateway',
      'orders',
      'postgresql:orders',
    ]);
    const second = service({ repository });
    await second.start();
    const graph = second.visualization('auto', 'layer');
    expect(graph.nodes.map((n) => [n.id, n.layer, n.status])).toEqual([
      ['api-gateway', 'api_gateway', 'unknown'],
      ['orders', 'backend', 'unknown'],
      ['postgresql:orders', 'database', 'unknown'],
    ]);
    expect(graph.edges).toHaveLength(2);
    await second.stop();
  });
});
