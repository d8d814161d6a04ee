import { describe, expect, it } from 'vitest';
import { clipSegment } from './clip-segment';

const rect = { x: 0, y: 0, width: 100, height: 100 };

describe('clipSegment', () => {
  it('keeps a segment that lies inside', () => {
    expect(clipSegment({ x1: 10, y1: 10, x2: 90, y2: 50 }, rect)).toEqual({
      x1: 10,
      y1: 10,
      x2: 90,
      y2: 50,
    });
  });

  it('cuts a segment crossing the rectangle to the part inside', () => {
    expect(clipSegment({ x1: -100, y1: 50, x2: 200, y2: 50 }, rect)).toEqual({
      x1: 0,
      y1: 50,
      x2: 100,
      y2: 50,
    });
  });

  it('drops a segment whose bounding box overlaps but which misses the rectangle', () => {
    expect(clipSegment({ x1: -50, y1: 60, x2: 60, y2: 200 }, rect)).toBeNull();
  });

  it('drops a segment entirely outside', () => {
    expect(clipSegment({ x1: 200, y1: 0, x2: 300, y2: 100 }, rect)).toBeNull();
  });

  it('handles vertical and horizontal segments', () => {
    expect(clipSegment({ x1: 50, y1: -10, x2: 50, y2: 10 }, rect)).toEqual({
      x1: 50,
      y1: 0,
      x2: 50,
      y2: 10,
    });
    expect(clipSegment({ x1: -10, y1: 150, x2: 10, y2: 150 }, rect)).toBeNull();
  });
});
