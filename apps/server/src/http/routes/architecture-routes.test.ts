import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchitectureGraph, ArchitectureMetrics, envelope, ErrorBody } from '@vigil/contract';
import type { SpanBatch } from '../../bus/record-batch';
import { SpanKind, type Span } from '../../ingest/records';
import { makeCall, makeSpan } from '../../topology/test-spans';
import { createTestApp, type TestApp } from '../../testing/test-app';

const T0 = Date.UTC(2026, 2, 1, 11, 59, 0);
const GraphBody = envelope(ArchitectureGraph);
const nano = (ms: number): string => String(BigInt(ms) * 1_000_000n);

/** gateway → orders (20 calls, 4 failing) → postgres, as spans. */
function shop(): Span[] {
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
      attributes: { 'db.system.name': 'postgresql', 'db.namespace': 'orders' },
    });
    spans.push(root, client, server, db);
  }
  return spans;
}

/** One OTLP/JSON request: a `billing` SERVER span calling redis. */
function otlpTraces(): string {
  const traceId = '5b8efff798038103d269b633813fc60c';
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  return JSON.stringify({
    resourceSpans: [
      {
        resource: {
          attributes: [
            attr('service.name', 'billing'),
            attr('deployment.environment.name', 'staging'),
            attr('k8s.namespace.name', 'money'),
            attr('team', 'payments'),
          ],
        },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: [
              {
                traceId,
                spanId: 'aaaaaaaaaaaaaaa1',
                name: 'POST /charge',
                kind: 2,
                startTimeUnixNano: nano(T0),
                endTimeUnixNano: nano(T0 + 40),
                status: { code: 2 },
              },
              {
                traceId,
                spanId: 'aaaaaaaaaaaaaaa2',
                parentSpanId: 'aaaaaaaaaaaaaaa1',
                name: 'GET',
                kind: 3,
                startTimeUnixNano: nano(T0 + 1),
                endTimeUnixNano: nano(T0 + 3),
                attributes: [attr('db.system', 'redis'), attr('server.address', 'cache-1')],
              },
            ],
          },
        ],
      },
    ],
  });
}

describe('architecture API', () => {
  let app: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-arch-'));
    app = await createTestApp({ dataDir });
  });
  afterAll(async () => {
    await app.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  const get = (url: string) => app.http.inject({ method: 'GET', url });

  it('answers an empty graph before any telemetry', async () => {
    const body = GraphBody.parse((await get('/api/architecture/visualization')).json());
    expect(body.data).toMatchObject({ nodes: [], edges: [], groups: [] });
  });

  it('builds the graph from spans on the bus and from OTLP/HTTP', async () => {
    await app.bus.publish<SpanBatch>(
      'records.spans',
      { records: shop(), receivedAt: app.clock.now() },
      80,
    );
    const ingest = await app.http.inject({
      method: 'POST',
      url: '/v1/traces',
      payload: otlpTraces(),
      headers: { 'content-type': 'application/json' },
    });
    expect(ingest.statusCode).toBe(200);
    await app.bus.drain();
    const { data } = GraphBody.parse((await get('/api/architecture/visualization')).json());
    expect(data.nodes.map((n) => [n.id, n.layer, n.type, n.status, n.group])).toEqual([
      ['api-gateway', 'api_gateway', 'service', 'healthy', 'api_gateway'],
      ['billing', 'backend', 'service', 'unhealthy', 'backend'],
      ['orders', 'backend', 'service', 'degraded', 'backend'],
      ['postgresql:orders', 'database', 'database', 'healthy', 'database'],
      ['redis:cache-1', 'cache', 'cache', 'healthy', 'cache'],
    ]);
    const orders = data.nodes.find((n) => n.id === 'orders');
    expect(orders?.metrics).toMatchObject({
      request_rate: 2,
      error_rate: 20,
      response_time: 20,
      availability: 80,
    });
    const billing = data.nodes.find((n) => n.id === 'billing');
    expect(billing).toMatchObject({
      environment: 'staging',
      namespace: 'money',
      tags: {
        team: 'payments',
        'deployment.environment.name': 'staging',
        'k8s.namespace.name': 'money',
      },
    });
    expect(billing?.metrics).toMatchObject({ error_rate: 100, availability: 0, response_time: 40 });
    expect(data.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'api-gateway>orders',
      'billing>redis:cache-1',
      'orders>postgresql:orders',
    ]);
    expect(data.groups.map((g) => g.id)).toEqual(['api_gateway', 'backend', 'database', 'cache']);
    expect(data.grouping_metadata).toEqual({
      strategy_used: 'attribute_based',
      groups_created: 4,
      dimension: 'layer',
    });
  });

  it.each([
    ['similarity_clustering', 'layer', 'similarity_clustering'],
    ['rule_based', 'layer', 'rule_based'],
    ['hybrid', 'environment', 'hybrid'],
    ['attribute_based', 'team', 'attribute_based'],
  ])('groups with %s by %s', async (strategy, dimension, used) => {
    const { data } = GraphBody.parse(
      (
        await get(
          `/api/architecture/visualization?grouping_strategy=${strategy}&grouping_dimension=${dimension}`,
        )
      ).json(),
    );
    expect(data.grouping_metadata.strategy_used).toBe(used);
    expect(data.groups.flatMap((g) => g.nodes).sort()).toEqual(data.nodes.map((n) => n.id).sort());
  });

  it.each([
    ['grouping_strategy=louvain', 'grouping_strategy'],
    [`grouping_dimension=${'x'.repeat(101)}`, 'grouping_dimension'],
    ['grouping_dimension=', 'grouping_dimension'],
  ])('%s is a 400 naming the field', async (query, field) => {
    const response = await get(`/api/architecture/visualization?${query}`);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).errors?.map((e) => e.path)).toContain(field);
  });

  it('answers CPU and memory per node, null without metrics', async () => {
    const body = envelope(ArchitectureMetrics).parse(
      (await get('/api/architecture/metrics')).json(),
    );
    expect(body.data['orders']).toEqual({ cpu_usage: null, memory_usage: null });
  });

  it('keeps the graph across a restart, and merges a declared file', async () => {
    await app.close();
    const file = join(dataDir, 'architecture.yaml');
    await writeFile(
      file,
      'nodes:\n  - { id: mainframe, type: external }\n  - { id: orders }\nedges:\n  - { from: orders, to: mainframe }\n',
    );
    app = await createTestApp({ dataDir, architectureFile: file });
    const { data } = GraphBody.parse((await get('/api/architecture/visualization')).json());
    expect(data.nodes.map((n) => [n.id, n.source])).toEqual([
      ['api-gateway', 'observed'],
      ['billing', 'observed'],
      ['mainframe', 'declared'],
      ['orders', 'both'],
      ['postgresql:orders', 'observed'],
      ['redis:cache-1', 'observed'],
    ]);
    expect(data.edges).toHaveLength(4);
  });

  it('refuses to start with an invalid architecture file, naming the problem', async () => {
    const file = join(dataDir, 'broken.json');
    await writeFile(
      file,
      JSON.stringify({ nodes: [{ id: 'a' }], edges: [{ from: 'a', to: 'ghost' }] }),
    );
    await expect(createTestApp({ architectureFile: file })).rejects.toThrow(
      /broken\.json: edges\.0\.to: "ghost" is not a declared node id/,
    );
  });
});
