import type { GraphLayout, Rect } from './graph-layout';
import type { SpatialIndex } from './spatial-index';

/** Spec part 1 section 9: on touch, a tap within 30 px of a node selects it. */
export const TAP_RADIUS_PX = 30;

function distanceToRect(rect: Rect, x: number, y: number): number {
  const dx = Math.max(rect.x - x, 0, x - (rect.x + rect.width));
  const dy = Math.max(rect.y - y, 0, y - (rect.y + rect.height));
  return Math.hypot(dx, dy);
}

/**
 * The node at world point (x, y): inside its pill, or, with a `radius` (world units), the
 * nearest pill within that distance. Null over the background.
 */
export function nodeAt(
  layout: GraphLayout,
  index: SpatialIndex,
  x: number,
  y: number,
  radius = 0,
): string | null {
  let best: { id: string; distance: number } | null = null;
  for (const i of index.query({
    x: x - radius,
    y: y - radius,
    width: radius * 2,
    height: radius * 2,
  })) {
    const node = layout.nodes[i];
    if (!node) continue;
    const distance = distanceToRect(node, x, y);
    if (distance <= radius && (!best || distance < best.distance)) best = { id: node.id, distance };
  }
  return best?.id ?? null;
}
