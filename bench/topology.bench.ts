/**
 * Topology throughput: spans folded per second on one core (a 200-service fleet calling each
 * other, databases and queues), then the visualization answer for a 2,000-node graph: p50/p95 over
 * repeated calls with metrics moving between them (the grouping is cached; the metrics snapshot is
 * rebuilt every call), plus the cold first answer per strategy.
 * Run: node --import tsx bench/topology.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { createInProcessBus } from '../apps/server/src/bus/in-process-bus';
import { SpanKind, type Span } from '../apps/server/src/ingest/records';
import { createFakeClock } from '../apps/server/src/shared/clock';
import {
  createTopologyService,
  type TopologyService,
} from '../apps/server/src/topology/topology-service';

const T0 = Date.UTC(2026, 2, 1, 11, 0, 0);
const WORDS = [
  'orders',
  'payments',
  'users',
  'search',
  'catalog',
  'cart',
  'auth',
  'notify',
  'ledger',
  'pricing',
];

function service(nodes: number): TopologyService {
  return createTopologyService({
    bus: createInProcessBus({ onHandlerError: () => undefined }),
    repository: {
      upsertNodes: async () => {},
      upsertEdges: async () => {},
      deleteNodes: async () => {},
      loadAll: async () => ({ nodes: [], edges: [] }),
    },
    clock: createFakeClock(T0 + 3_600_000),
    limits: { maxNodes: nodes * 2, maxEdges: nodes * 20 },
  });
}

/** `count` spans as call chains: SERVER in a → CLIENT a→b → SERVER in b → CLIENT b→db. */
function makeSpans(count: number, services: number): Span[] {
  const spans: Span[] = [];
  const resources = Array.from({ length: services }, (_, i) => ({
    'service.name': `${WORDS[i % WORDS.length]}-${i}`,
    'deployment.environment.name': i % 3 === 0 ? 'staging' : 'prod',
  }));
  let id = 1;
  const hex = (n: number): string => n.toString(16).padStart(16, '0');
  for (let i = 0; spans.length < count; i += 1) {
    const a = i % services;
    const b = (i * 7 + 3) % services;
    const at = T0 + Math.floor((i / count) * 290_000);
    const base = {
      traceId: 'ab'.repeat(16),
      name: 'op',
      statusMessage: '',
      endTime: at + 5 + (i % 50),
      startTime: at,
    };
    const root = {
      ...base,
      spanId: hex(id++),
      parentSpanId: null,
      kind: SpanKind.SERVER,
      statusCode: 0 as const,
      component: resources[a]?.['service.name'] ?? '',
      resource: resources[a] ?? {},
      attributes: {},
    };
    const client = {
      ...base,
      spanId: hex(id++),
      parentSpanId: root.spanId,
      kind: SpanKind.CLIENT,
      statusCode: 0 as const,
      component: root.component,
      resource: root.resource,
      attributes: { 'server.address': resources[b]?.['service.name'] ?? '' },
    };
    const server = {
      ...base,
      spanId: hex(id++),
      parentSpanId: client.spanId,
      kind: SpanKind.SERVER,
      statusCode: (i % 20 === 0 ? 2 : 0) as 0 | 2,
      component: resources[b]?.['service.name'] ?? '',
      resource: resources[b] ?? {},
      attributes: {},
    };
    const db = {
      ...base,
      spanId: hex(id++),
      parentSpanId: server.spanId,
      kind: SpanKind.CLIENT,
      statusCode: 0 as const,
      component: server.component,
      resource: server.resource,
      attributes: {
        'db.system': i % 4 === 0 ? 'redis' : 'postgresql',
        'db.namespace': `db${b % 40}`,
      },
    };
    spans.push(root, client, server, db);
  }
  return spans;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export async function run(): Promise<void> {
  const spans = makeSpans(400_000, 200);
  const warm = service(300);
  warm.foldSpans(spans.slice(0, 100_000));
  const topology = service(300);
  const started = process.hrtime.bigint();
  for (let i = 0; i < spans.length; i += 5_000) topology.foldSpans(spans.slice(i, i + 5_000));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `topology: ${Math.round(spans.length / seconds).toLocaleString('en-US')} spans/s folded (${spans.length.toLocaleString('en-US')} spans, ${topology.nodeCount()} nodes)`,
  );

  // 2,000 nodes: 1,000 services each calling a database of its own.
  const big = service(2_000);
  const bigSpans = makeSpans(40_000, 1_000).map((span) =>
    span.attributes['db.namespace']
      ? { ...span, attributes: { ...span.attributes, 'db.namespace': `db-${span.component}` } }
      : span,
  );
  big.foldSpans(bigSpans);
  for (const strategy of ['auto', 'similarity_clustering', 'rule_based', 'hybrid'] as const) {
    const cold = performance.now();
    big.visualization(strategy, 'layer');
    console.log(
      `topology: cold ${strategy} answer for ${big.nodeCount()} nodes ${(performance.now() - cold).toFixed(1)} ms`,
    );
  }
  const times: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    big.foldSpans(bigSpans.slice(i * 100, i * 100 + 100));
    const t = performance.now();
    big.visualization('auto', 'layer');
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `topology: visualization p50 ${quantile(times, 0.5).toFixed(1)} ms / p95 ${quantile(times, 0.95).toFixed(1)} ms for ${big.nodeCount()} nodes`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
