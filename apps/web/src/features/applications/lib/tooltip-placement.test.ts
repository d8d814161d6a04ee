import { describe, expect, it } from 'vitest';
import { placeTooltip } from './tooltip-placement';

const box = { width: 800, height: 500 };
const tooltip = { width: 256, height: 240 };

describe('placeTooltip', () => {
  it('sits below and right of the pointer when there is room', () => {
    expect(placeTooltip({ x: 100, y: 100 }, tooltip, box)).toEqual({ x: 114, y: 114 });
  });

  it('flips left near the right edge and up near the bottom', () => {
    expect(placeTooltip({ x: 700, y: 400 }, tooltip, box)).toEqual({ x: 430, y: 146 });
  });

  it('stays inside a box too small to flip into', () => {
    const small = { width: 300, height: 260 };
    const place = placeTooltip({ x: 150, y: 130 }, tooltip, small);
    expect(place.x).toBeGreaterThanOrEqual(8);
    expect(place.x + tooltip.width).toBeLessThanOrEqual(small.width);
    expect(place.y).toBeGreaterThanOrEqual(8);
  });
});
