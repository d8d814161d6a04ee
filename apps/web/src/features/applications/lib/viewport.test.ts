import { describe, expect, it } from 'vitest';
import {
  FIT_MAX_SCALE,
  MAX_SCALE,
  MIN_SCALE,
  centreOn,
  fitToScreen,
  interpolateViewport,
  panBy,
  screenToWorld,
  visibleWorld,
  wheelZoomFactor,
  zoomAt,
} from './viewport';

const size = { width: 800, height: 500 };

describe('fitToScreen', () => {
  it('shows the whole graph, centred', () => {
    const bounds = { x: 0, y: 0, width: 4_000, height: 1_000 };
    const view = fitToScreen(bounds, size);
    const seen = visibleWorld(view, size);
    expect(seen.x).toBeLessThanOrEqual(0);
    expect(seen.y).toBeLessThanOrEqual(0);
    expect(seen.x + seen.width).toBeGreaterThanOrEqual(4_000);
    expect(seen.y + seen.height).toBeGreaterThanOrEqual(1_000);
    expect(seen.x + seen.width / 2).toBeCloseTo(2_000);
  });

  it('never magnifies a small graph past the fit limit', () => {
    expect(fitToScreen({ x: 0, y: 0, width: 100, height: 40 }, size).scale).toBe(FIT_MAX_SCALE);
  });
});

describe('zoomAt', () => {
  it('keeps the world point under the cursor in place', () => {
    const view = { scale: 1, x: 10, y: 20 };
    const before = screenToWorld(view, 300, 200);
    const after = screenToWorld(zoomAt(view, 2, 300, 200), 300, 200);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('clamps the zoom', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 100, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0.0001, 0, 0).scale).toBe(MIN_SCALE);
  });

  it('zooms in on a wheel up and out on a wheel down', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
  });
});

describe('panning and centring', () => {
  it('moves the picture with the pointer', () => {
    expect(panBy({ scale: 2, x: 5, y: 5 }, 10, -5)).toEqual({ scale: 2, x: 15, y: 0 });
  });

  it('brings a world point to the middle of the screen', () => {
    const view = centreOn({ scale: 2, x: 0, y: 0 }, 100, 50, size);
    expect(view.x + 100 * 2).toBe(400);
    expect(view.y + 50 * 2).toBe(250);
  });
});

describe('interpolateViewport', () => {
  const from = { scale: 1, x: 0, y: 0 };
  const to = { scale: 2, x: 100, y: -100 };

  it('starts at the start, ends at the end and never overshoots', () => {
    expect(interpolateViewport(from, to, 0)).toEqual(from);
    expect(interpolateViewport(from, to, 1)).toEqual(to);
    expect(interpolateViewport(from, to, 2)).toEqual(to);
    const mid = interpolateViewport(from, to, 0.5);
    expect(mid.scale).toBeGreaterThan(1.5);
    expect(mid.scale).toBeLessThan(2);
  });
});
