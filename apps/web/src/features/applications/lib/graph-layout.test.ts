import { describe, expect, it } from 'vitest';
import {
  PILL_HEIGHT,
  PILL_MAX_WIDTH,
  layoutAspect,
  layoutGraph,
  pillLabel,
  pillWidth,
} from './graph-layout';
import { intersects } from './spatial-index';
import { testGraph } from './test-graph';

const shop = testGraph(
  {
    frontend: ['web'],
    api_gateway: ['gateway'],
    backend: ['checkout', 'payments', 'catalog'],
    database: ['orders-db'],
  },
  [
    ['web', 'gateway'],
    ['gateway', 'checkout'],
    ['checkout', 'payments'],
    ['payments', 'orders-db'],
  ],
);

describe('layoutGraph', () => {
  const layout = layoutGraph(shop);
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));

  it('places every node once, the groups in the server order, reading left to right', () => {
    expect(layout.nodes).toHaveLength(6);
    expect(layout.groups.map((group) => group.id)).toEqual([
      'frontend',
      'api_gateway',
      'backend',
      'database',
    ]);
    for (let i = 1; i < layout.groups.length; i++) {
      const before = layout.groups[i - 1]!;
      const group = layout.groups[i]!;
      const sameShelf = group.y === before.y;
      if (sameShelf) expect(group.x).toBeGreaterThan(before.x + before.width);
      else expect(group.y).toBeGreaterThan(before.y + before.height);
      expect(intersects(group, before)).toBe(false);
    }
  });

  it('wraps groups onto more shelves for a tall canvas than for a wide one', () => {
    const shelves = (aspect: number) =>
      new Set(layoutGraph(shop, aspect).groups.map((group) => group.y)).size;
    expect(shelves(0.5)).toBeGreaterThan(shelves(4));
  });

  it('keeps each pill inside its group outline and away from every other pill', () => {
    for (const node of layout.nodes) {
      const group = layout.groups.find((candidate) => candidate.id === node.groupId)!;
      expect(node.x).toBeGreaterThanOrEqual(group.x);
      expect(node.x + node.width).toBeLessThanOrEqual(group.x + group.width);
      expect(node.y + node.height).toBeLessThanOrEqual(group.y + group.height);
      for (const other of layout.nodes) {
        if (other !== node) expect(intersects(node, other)).toBe(false);
      }
    }
  });

  it('ends each arrow on the border of its pills, not inside them', () => {
    const edge = layout.edges.find((candidate) => candidate.from === 'payments')!;
    const db = byId.get('orders-db')!;
    expect(edge.to).toBe('orders-db');
    expect(edge.y2).toBeCloseTo(db.y);
    expect(edge.x2).toBeGreaterThanOrEqual(db.x);
    expect(edge.x2).toBeLessThanOrEqual(db.x + db.width);
  });

  it('drops edges to unknown nodes and self loops, and puts unclaimed nodes in Ungrouped', () => {
    const graph = testGraph({ backend: ['a'] }, [
      ['a', 'ghost'],
      ['a', 'a'],
    ]);
    graph.nodes.push({ ...graph.nodes[0]!, id: 'stray' });
    const result = layoutGraph(graph);
    expect(result.edges).toEqual([]);
    expect(result.groups.map((group) => group.label)).toEqual(['backend', 'Ungrouped']);
  });

  it('covers every node with its bounds', () => {
    for (const node of layout.nodes) {
      expect(node.x).toBeGreaterThanOrEqual(layout.bounds.x);
      expect(node.x + node.width).toBeLessThanOrEqual(layout.bounds.x + layout.bounds.width);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.bounds.y + layout.bounds.height);
    }
  });

  it('lays out a 2,000-node graph in twenty groups near the asked aspect', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `service-${i}`);
    const groups = Object.fromEntries(
      Array.from({ length: 20 }, (_, g) => [`g${g}`, ids.slice(g * 100, g * 100 + 100)]),
    );
    const big = layoutGraph(testGraph(groups), 2);
    expect(big.nodes).toHaveLength(2_000);
    const aspect = big.bounds.width / big.bounds.height;
    expect(aspect).toBeGreaterThan(1);
    expect(aspect).toBeLessThan(4);
  });

  it('asks for an aspect in quarter steps within bounds', () => {
    expect(layoutAspect(1000, 480)).toBe(2);
    expect(layoutAspect(390, 500)).toBe(0.75);
    expect(layoutAspect(5000, 100)).toBe(4);
    expect(layoutAspect(0, 0)).toBe(2);
  });

  it('is empty for an empty graph', () => {
    const empty = layoutGraph({ nodes: [], edges: [], groups: [] });
    expect(empty.nodes).toEqual([]);
    expect(empty.bounds).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('pills', () => {
  it('grow with the label within bounds', () => {
    expect(pillWidth('db')).toBeLessThan(pillWidth('checkout-service'));
    expect(pillWidth('x'.repeat(200))).toBe(PILL_MAX_WIDTH);
    expect(PILL_HEIGHT).toBeGreaterThan(0);
  });

  it('cut long labels with an ellipsis', () => {
    expect(pillLabel('checkout')).toBe('checkout');
    const cut = pillLabel('a-very-long-service-name-that-goes-on');
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(30);
  });
});
