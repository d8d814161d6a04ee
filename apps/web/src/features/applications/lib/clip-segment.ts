import type { Rect } from './graph-layout';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The part of a segment inside `rect` (Liang–Barsky), or null when it misses. Drawing only that
 * part keeps long dependency lines cheap when zoomed in: the rasteriser never walks the
 * off-screen length.
 */
export function clipSegment(segment: Segment, rect: Rect): Segment | null {
  const { x1, y1 } = segment;
  const dx = segment.x2 - x1;
  const dy = segment.y2 - y1;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, x1 - rect.x],
    [dx, rect.x + rect.width - x1],
    [-dy, y1 - rect.y],
    [dy, rect.y + rect.height - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      t0 = Math.max(t0, t);
    } else {
      if (t < t0) return null;
      t1 = Math.min(t1, t);
    }
  }
  return { x1: x1 + t0 * dx, y1: y1 + t0 * dy, x2: x1 + t1 * dx, y2: y1 + t1 * dy };
}
