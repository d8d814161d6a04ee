import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus';
import { createFakeClock } from '../shared/clock';
import { DeclaredArchitectureError, parseDeclaredArchitecture } from './declared-architecture';
import { makeSpan } from './test-spans';
import { createTopologyService } from './topology-service';

const YAML = `
nodes:
  - { id: payment-svc, name: payments, layer: backend, tags: { team: money } }
  - { id: ledger-db, type: database, environment: staging }
  - { id: mainframe, type: external }
edges:
  - { from: payment-svc, to: ledger-db }
  - { from: payment-svc, to: mainframe }
`;

describe('declared architecture', () => {
  it('parses YAML and JSON', () => {
    const yaml = parseDeclaredArchitecture(YAML, 'arch.yaml');
    expect(yaml.nodes.map((n) => [n.id, n.type])).toEqual([
      ['payment-svc', 'service'],
      ['ledger-db', 'database'],
      ['mainframe', 'external'],
    ]);
    const json = parseDeclaredArchitecture(
      JSON.stringify({ nodes: [{ id: 'a' }], edges: [] }),
      'arch.json',
    );
    expect(json.nodes).toHaveLength(1);
  });

  it.each([
    ['nodes: [ { id: a }', 'arch.yaml', 'not valid YAML'],
    ['{"nodes": [', 'arch.json', 'not valid JSON'],
    ['nodes: [ { id: a, type: mainframe } ]', 'arch.yaml', 'nodes.0.type'],
    ['nodes: [ { id: a }, { id: a } ]', 'arch.yaml', 'nodes.1.id: duplicate node id "a"'],
    [
      'nodes: [ { id: a } ]\nedges: [ { from: a, to: b } ]',
      'arch.yaml',
      'edges.0.to: "b" is not a declared node id',
    ],
    ['nodes: [ { id: a, colour: red } ]', 'arch.yaml', 'nodes.0'],
    ['- just a list', 'arch.yaml', '(root)'],
  ])('%j is refused naming the problem', (text, path, problem) => {
    expect(() => parseDeclaredArchitecture(text, path)).toThrow(DeclaredArchitectureError);
    expect(() => parseDeclaredArchitecture(text, path)).toThrow(
      new RegExp(
        `Architecture file ${path.replace('.', '\\.')}: .*${problem.replace(/[.()[\]]/g, '\\$&')}`,
      ),
    );
  });

  it('merges with what is observed, through synonyms', () => {
    const topology = createTopologyService({
      bus: createInProcessBus({ onHandlerError: () => undefined }),
      repository: {
        upsertNodes: async () => {},
        upsertEdges: async () => {},
        deleteNodes: async () => {},
        loadAll: async () => ({ nodes: [], edges: [] }),
      },
      clock: createFakeClock(Date.UTC(2026, 2, 1, 12)),
      normaliser: () => ({ synonymGroups: [['payments', 'payment-svc']], knownTaxonomies: [] }),
      declared: parseDeclaredArchitecture(YAML, 'arch.yaml'),
    });
    return topology.start().then(async () => {
      topology.foldSpans([makeSpan({ component: 'payments' }), makeSpan({ component: 'web' })]);
      const graph = topology.visualization('attribute_based', 'layer');
      expect(graph.nodes.map((n) => [n.id, n.source, n.type, n.layer, n.environment])).toEqual([
        ['ledger-db', 'declared', 'database', 'database', 'staging'],
        ['mainframe', 'declared', 'external', 'ungrouped', 'prod'],
        ['payments', 'both', 'service', 'backend', 'prod'],
        ['web', 'observed', 'service', 'frontend', 'prod'],
      ]);
      expect(graph.nodes.find((n) => n.id === 'payments')?.tags).toEqual({ team: 'money' });
      expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
        'payments>ledger-db',
        'payments>mainframe',
      ]);
      await topology.stop();
    });
  });
});
