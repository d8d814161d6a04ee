import { describe, expect, it } from 'vitest';
import { layoutGraph } from './graph-layout';
import { TAP_RADIUS_PX, nodeAt } from './hit-test';
import { createSpatialIndex } from './spatial-index';
import { testGraph } from './test-graph';

describe('nodeAt', () => {
  const layout = layoutGraph(testGraph({ backend: ['checkout', 'payments'], database: ['db'] }));
  const index = createSpatialIndex(layout);
  const db = layout.nodes.find((node) => node.id === 'db')!;

  it('finds the pill under the point', () => {
    expect(nodeAt(layout, index, db.x + 5, db.y + 5)).toBe('db');
  });

  it('finds nothing over the background', () => {
    expect(nodeAt(layout, index, db.x - 20, db.y + 5)).toBeNull();
  });

  it('with the tap radius, selects a pill up to 30 px away and no further', () => {
    expect(TAP_RADIUS_PX).toBe(30);
    expect(nodeAt(layout, index, db.x - 29, db.y + 5, TAP_RADIUS_PX)).toBe('db');
    expect(nodeAt(layout, index, db.x - 31, db.y + 5, TAP_RADIUS_PX)).toBeNull();
  });

  it('agrees with a plain scan on a large graph', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `s${i}`);
    const big = layoutGraph(testGraph({ a: ids }));
    const bigIndex = createSpatialIndex(big);
    for (const node of big.nodes.filter((_, i) => i % 97 === 0)) {
      expect(nodeAt(big, bigIndex, node.x + node.width / 2, node.y + node.height / 2)).toBe(
        node.id,
      );
    }
  });
});
