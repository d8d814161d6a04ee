import { describe, expect, it } from 'vitest';
import { groupGraph } from './group-graph';
import type { GroupableEdge, GroupableNode } from './grouping-types';
import { nameTokens, similarity } from './similarity-clustering';

const node = (id: string, layer: string, extra: Partial<GroupableNode> = {}): GroupableNode => ({
  id,
  name: id,
  layer,
  type: layer === 'database' ? 'database' : 'service',
  environment: 'prod',
  namespace: 'default',
  tags: {},
  ...extra,
});

const shop: GroupableNode[] = [
  node('orders-db', 'database'),
  node('web', 'frontend', { namespace: 'edge', tags: { team: 'web' } }),
  node('payments-api', 'backend', { tags: { team: 'money' } }),
  node('payments-worker', 'backend', { tags: { team: 'money' } }),
  node('gateway', 'api_gateway', { namespace: 'edge' }),
  node('mystery', 'ungrouped'),
];
const edges: GroupableEdge[] = [
  { from: 'web', to: 'gateway' },
  { from: 'gateway', to: 'payments-api' },
  { from: 'payments-api', to: 'orders-db' },
  { from: 'payments-worker', to: 'orders-db' },
];
const summary = (groups: { id: string; nodes: string[] }[]) =>
  groups.map((g) => `${g.id}=${g.nodes.join(',')}`);

describe('grouping strategies', () => {
  it.each([
    [
      'layer',
      [
        'frontend=web',
        'api_gateway=gateway',
        'backend=payments-api,payments-worker',
        'database=orders-db',
        'ungrouped=mystery',
      ],
    ],
    [
      'namespace',
      [
        'namespace:default=mystery,orders-db,payments-api,payments-worker',
        'namespace:edge=gateway,web',
      ],
    ],
    [
      'team',
      [
        'team:money=payments-api,payments-worker',
        'team:web=web',
        'ungrouped=gateway,mystery,orders-db',
      ],
    ],
    [
      'type',
      ['type:service=gateway,mystery,payments-api,payments-worker,web', 'type:database=orders-db'],
    ],
  ])('attribute_based by %s', (dimension, expected) => {
    const result = groupGraph(shop, edges, 'attribute_based', dimension);
    expect(summary(result.groups)).toEqual(expected);
    expect(result).toMatchObject({ strategyUsed: 'attribute_based', dimension });
  });

  it('clusters by name, tags and shared neighbours', () => {
    const result = groupGraph(shop, edges, 'similarity_clustering', 'layer');
    expect(summary(result.groups)).toEqual([
      'cluster:payment=payments-api,payments-worker',
      'ungrouped=gateway,mystery,orders-db,web',
    ]);
    expect(result.strategyUsed).toBe('similarity_clustering');
  });

  it('links through shared neighbours alone when names differ', () => {
    const nodes = [
      node('alpha', 'backend'),
      node('beta', 'backend'),
      node('db', 'database'),
      node('cache', 'cache'),
    ];
    const links = [
      { from: 'alpha', to: 'db' },
      { from: 'alpha', to: 'cache' },
      { from: 'beta', to: 'db' },
      { from: 'beta', to: 'cache' },
    ];
    expect(summary(groupGraph(nodes, links, 'similarity_clustering', 'layer').groups)).toContain(
      'cluster:alpha=alpha,beta',
    );
  });

  it('scores similarity from the feature sets either node has', () => {
    const a = {
      name: nameTokens('payment-api'),
      tags: new Set<string>(),
      neighbours: new Set(['db']),
    };
    const b = {
      name: nameTokens('payments_worker'),
      tags: new Set<string>(),
      neighbours: new Set(['db']),
    };
    expect(similarity(a, b, { name: 0.4, tags: 0.2, neighbours: 0.4 })).toBeCloseTo(
      (0.4 / 2 + 0.4) / 0.8,
    );
  });

  it('groups by rules, defaults included, and custom rules on tags', () => {
    expect(summary(groupGraph(shop, edges, 'rule_based', 'layer').groups)).toEqual([
      'rule:payments=payments-api,payments-worker',
      'rule:data=orders-db',
      'rule:edge=gateway',
      'rule:frontend=web',
      'ungrouped=mystery',
    ]);
    const custom = {
      rules: [{ field: 'tag:team', pattern: '^money$', group: 'finance' }],
      similarity: {
        threshold: 0.5,
        weights: { name: 0.5, tags: 0.2, neighbours: 0.3 },
        maxPosting: 200,
      },
    };
    expect(summary(groupGraph(shop, edges, 'rule_based', 'layer', custom).groups)[0]).toBe(
      'rule:finance=payments-api,payments-worker',
    );
  });

  it('hybrid: rules, then the attribute, then similarity for what is left', () => {
    const ledger = { tags: { team: 'ledger' } };
    const nodes = [
      ...shop,
      node('ledger-alpha', 'ungrouped', ledger),
      node('ledger-beta', 'ungrouped', ledger),
    ];
    const result = groupGraph(nodes, edges, 'hybrid', 'layer');
    expect(summary(result.groups)).toEqual([
      'rule:payments=payments-api,payments-worker',
      'rule:data=orders-db',
      'rule:edge=gateway',
      'rule:frontend=web',
      'cluster:ledger=ledger-alpha,ledger-beta',
      'ungrouped=mystery',
    ]);
  });

  it('auto groups by layer when layers tell nodes apart, else by similarity', () => {
    expect(groupGraph(shop, edges, 'auto', 'layer')).toMatchObject({
      strategyUsed: 'attribute_based',
      dimension: 'layer',
    });
    const flat = [
      node('svc-a-one', 'ungrouped'),
      node('svc-a-two', 'ungrouped'),
      node('other', 'backend'),
    ];
    expect(groupGraph(flat, [], 'auto', 'layer')).toMatchObject({
      strategyUsed: 'similarity_clustering',
    });
    expect(groupGraph(shop, edges, 'auto', 'no-such-tag').strategyUsed).toBe(
      'similarity_clustering',
    );
  });

  it('handles an empty graph', () => {
    expect(groupGraph([], [], 'auto', 'layer').groups).toEqual([]);
    expect(groupGraph([], [], 'hybrid', 'layer').groups).toEqual([]);
  });
});
