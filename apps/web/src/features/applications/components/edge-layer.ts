import type { Viewport } from '../lib/viewport';
import type { GraphScene } from './graph-scene';

/** Beyond this many device pixels the layer is not cached (memory); frames draw the edges directly. */
const MAX_LAYER_PIXELS = 4096 * 4096;

export interface EdgeLayer {
  /**
   * Draws every edge of the scene. Panning at one zoom blits a bitmap rendered once for that
   * zoom; while the zoom changes (the first frame at a new zoom) the edges are stroked directly.
   */
  draw(ctx: CanvasRenderingContext2D, view: Viewport, ratio: number, style: EdgeStyle): void;
  /** Renders the bitmap for the zoom of the last frame, if missing: called when the browser is idle. */
  prepare(): void;
  /** The last frame drew the edges itself (zoomed in): nothing to prepare. */
  skip(): void;
}

export interface EdgeStyle {
  colour: string;
  arrows: boolean;
}

function strokeEdges(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  scene: Omit<GraphScene, 'edgeLayer'>,
  deviceScale: number,
  style: EdgeStyle,
): void {
  ctx.strokeStyle = style.colour;
  // One device pixel: Skia's hairline path (see drawEdges).
  ctx.lineWidth = 1 / deviceScale;
  ctx.stroke(scene.edgeLines);
  if (style.arrows) {
    ctx.fillStyle = style.colour;
    ctx.fill(scene.arrowHeads);
  }
}

export function createEdgeLayer(scene: Omit<GraphScene, 'edgeLayer'>): EdgeLayer {
  const { bounds } = scene.layout;
  let lastKey = '';
  let last: { deviceScale: number; style: EdgeStyle } | null = null;
  let cached: { key: string; bitmap: OffscreenCanvas } | null = null;

  const render = (key: string, deviceScale: number, style: EdgeStyle): OffscreenCanvas | null => {
    const width = Math.ceil(bounds.width * deviceScale) + 16;
    const height = Math.ceil(bounds.height * deviceScale) + 16;
    if (typeof OffscreenCanvas === 'undefined' || width * height > MAX_LAYER_PIXELS) return null;
    const bitmap = new OffscreenCanvas(width, height);
    const layer = bitmap.getContext('2d');
    if (!layer) return null;
    layer.setTransform(
      deviceScale,
      0,
      0,
      deviceScale,
      8 - bounds.x * deviceScale,
      8 - bounds.y * deviceScale,
    );
    strokeEdges(layer, scene, deviceScale, style);
    cached = { key, bitmap };
    return bitmap;
  };

  return {
    draw(ctx, view, ratio, style) {
      const deviceScale = view.scale * ratio;
      const key = `${deviceScale}|${style.colour}|${style.arrows}`;
      const steady = key === lastKey;
      lastKey = key;
      last = { deviceScale, style };
      const bitmap =
        cached?.key === key ? cached.bitmap : steady ? render(key, deviceScale, style) : null;
      if (!bitmap) {
        strokeEdges(ctx, scene, deviceScale, style);
        return;
      }
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(
        bitmap,
        Math.round(ratio * view.x + bounds.x * deviceScale - 8),
        Math.round(ratio * view.y + bounds.y * deviceScale - 8),
      );
      ctx.restore();
    },
    prepare() {
      if (last && cached?.key !== lastKey) render(lastKey, last.deviceScale, last.style);
    },
    skip() {
      last = null;
      lastKey = '';
    },
  };
}
