import type { Rect } from './graph-layout';

/** world → screen: `screen = world * scale + offset`. */
export interface Viewport {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 3;
/** Zoom-to-fit never magnifies a small graph past this. */
export const FIT_MAX_SCALE = 1.25;
const FIT_PADDING = 24;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export const IDENTITY: Viewport = { scale: 1, x: 0, y: 0 };

/** The viewport that shows all of `bounds` centred in `size`. */
export function fitToScreen(bounds: Rect, size: Size): Viewport {
  if (bounds.width <= 0 || bounds.height <= 0 || size.width <= 0 || size.height <= 0) {
    return { scale: 1, x: size.width / 2 - bounds.x, y: size.height / 2 - bounds.y };
  }
  const scale = clampScale(
    Math.min(
      FIT_MAX_SCALE,
      (size.width - FIT_PADDING * 2) / bounds.width,
      (size.height - FIT_PADDING * 2) / bounds.height,
    ),
  );
  return {
    scale,
    x: (size.width - bounds.width * scale) / 2 - bounds.x * scale,
    y: (size.height - bounds.height * scale) / 2 - bounds.y * scale,
  };
}

/** Multiplies the zoom by `factor`, keeping the world point under (sx, sy) where it is. */
export function zoomAt(view: Viewport, factor: number, sx: number, sy: number): Viewport {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { scale, x: sx - (sx - view.x) * ratio, y: sy - (sy - view.y) * ratio };
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Puts world point (wx, wy) in the middle of the screen at the current zoom. */
export function centreOn(view: Viewport, wx: number, wy: number, size: Size): Viewport {
  return { ...view, x: size.width / 2 - wx * view.scale, y: size.height / 2 - wy * view.scale };
}

export function screenToWorld(view: Viewport, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - view.x) / view.scale, y: (sy - view.y) / view.scale };
}

/** The part of the world the screen shows. */
export function visibleWorld(view: Viewport, size: Size): Rect {
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: size.width / view.scale,
    height: size.height / view.scale,
  };
}

/** Ease-out cubic between two viewports, `t` from 0 to 1 (the zoom-to-fit animation). */
export function interpolateViewport(from: Viewport, to: Viewport, t: number): Viewport {
  const k = 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;
  return {
    scale: from.scale + (to.scale - from.scale) * k,
    x: from.x + (to.x - from.x) * k,
    y: from.y + (to.y - from.y) * k,
  };
}

/** Wheel delta → zoom factor; a notch (100 px) zooms by about 10 %. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.001);
}
