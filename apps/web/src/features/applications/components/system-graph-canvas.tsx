import { useEffect, useRef, useState } from 'react';
import { readCssColour, readCssColours } from '../../../lib/css-colour';
import type { HealthColour } from '../../../lib/health-colour';
import { useElementSize } from '../../../lib/use-element-size';
import { TAP_RADIUS_PX, nodeAt } from '../lib/hit-test';
import {
  centreOn,
  fitToScreen,
  interpolateViewport,
  panBy,
  screenToWorld,
  zoomAt,
  type Viewport,
} from '../lib/viewport';
import { FRAME_MEASURE } from './frame-measure';
import { drawSystemGraph, type GraphFrameState, type GraphPalette } from './draw-system-graph';
import type { GraphScene } from './graph-scene';
import { useCanvasGestures } from './use-canvas-gestures';

/** Spec part 1 section 9: zoom-to-fit takes 400 ms; a highlighted node pulses for 2 s. */
export const FIT_ANIMATION_MS = 400;
export const PULSE_MS = 2_000;

export interface HoverInfo {
  id: string;
  x: number;
  y: number;
}

export interface SystemGraphCanvasProps {
  scene: GraphScene;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onHover: (hover: HoverInfo | null) => void;
  /** Bumped by the Fit to Screen button. */
  fitRequest: number;
  /** A node to centre on and pulse (the `highlight` parameter). */
  focusId: string | null;
}

const HEALTH_TOKENS: Record<HealthColour, string> = {
  healthy: '--color-status-healthy',
  warning: '--color-status-warning',
  degraded: '--color-status-degraded',
  critical: '--color-status-critical',
  unknown: '--color-status-unknown',
  maintenance: '--color-status-maintenance',
};

function readPalette(): GraphPalette {
  return {
    health: readCssColours(HEALTH_TOKENS),
    edge: readCssColour('--color-border-strong'),
    groupBorder: readCssColour('--color-border'),
    groupFill: readCssColour('--color-surface-raised'),
    groupLabel: readCssColour('--color-subtle'),
    label: readCssColour('--color-foreground'),
    pillFill: readCssColour('--color-surface-raised'),
    selection: readCssColour('--color-primary'),
  };
}

const scheduleIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 500 });
  else window.setTimeout(task, 50);
};

interface Animation {
  from: Viewport;
  to: Viewport;
  startedAt: number;
}

/** The canvas of the System Interaction Diagram: it keeps the viewport and only draws. */
export function SystemGraphCanvas({
  scene,
  selectedId,
  onSelect,
  onHover,
  fitRequest,
  focusId,
}: SystemGraphCanvasProps) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const size = useElementSize(canvas);
  const view = useRef<Viewport | null>(null);
  const animation = useRef<Animation | null>(null);
  const pulse = useRef<{ id: string; startedAt: number } | null>(null);
  const marks = useRef<GraphFrameState>({ hovered: null, selected: null, pulse: null });
  const palette = useRef<GraphPalette | null>(null);
  const frame = useRef(0);
  const draw = useRef<() => void>(() => undefined);

  draw.current = () => {
    frame.current = 0;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !view.current || size.width === 0) return;
    const now = performance.now();
    let again = false;
    if (animation.current) {
      const t = (now - animation.current.startedAt) / FIT_ANIMATION_MS;
      view.current = interpolateViewport(animation.current.from, animation.current.to, t);
      if (t >= 1) animation.current = null;
      else again = true;
    }
    const pulseAge = pulse.current ? now - pulse.current.startedAt : 0;
    if (pulse.current && pulseAge >= PULSE_MS) pulse.current = null;
    const state = {
      ...marks.current,
      pulse: pulse.current ? { id: pulse.current.id, elapsedMs: pulseAge } : null,
    };
    again ||= pulse.current !== null;
    palette.current ??= readPalette();
    const ratio = window.devicePixelRatio || 1;
    drawSystemGraph(ctx, scene, view.current, size, ratio, state, palette.current);
    performance.measure(FRAME_MEASURE, { start: now, end: performance.now() });
    performance.clearMeasures(FRAME_MEASURE);
    // What the picture shows, readable from outside (browser tests, the frame-time benchmark).
    canvas.dataset.viewport = `${view.current.scale} ${view.current.x} ${view.current.y}`;
    if (state.pulse) canvas.dataset.pulsing = state.pulse.id;
    else delete canvas.dataset.pulsing;
    if (again) requestDraw();
    // The picture is at rest: render the zoomed-out edge layer now, not in the first pan frame.
    else scheduleIdle(() => scene.edgeLayer.prepare());
  };

  const requestDraw = () => {
    if (frame.current === 0) frame.current = requestAnimationFrame(() => draw.current());
  };

  const animateTo = (target: Viewport) => {
    const from = view.current ?? target;
    animation.current = { from, to: target, startedAt: performance.now() };
    requestDraw();
  };

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // The backing store follows the box size and the screen's pixel ratio. Assigning the size
  // clears the canvas, so only a real change does it (and the frame is drawn again).
  useEffect(() => {
    if (!canvas || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(size.width * ratio);
    const height = Math.round(size.height * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      requestDraw();
    }
  });

  // A new graph (first load, another grouping) zooms to fit, animated.
  useEffect(() => {
    if (size.width === 0) return;
    const target = fitToScreen(scene.layout.bounds, size);
    view.current ??= zoomAt(target, 0.85, size.width / 2, size.height / 2);
    animateTo(target);
    // Refit on a new scene or on Fit to Screen; a resize alone keeps the user's view.
  }, [scene, fitRequest, size.width > 0]);

  useEffect(() => {
    marks.current = { ...marks.current, selected: selectedId };
    requestDraw();
    // requestDraw only schedules a frame; the selection is what changes the picture.
  }, [selectedId]);

  // After the zoom-to-fit, the highlighted node comes to the centre and pulses.
  useEffect(() => {
    if (!focusId || size.width === 0) return;
    const node = scene.layout.nodes[scene.layout.indexOf.get(focusId) ?? -1];
    if (!node) return;
    const timer = window.setTimeout(() => {
      if (!view.current) return;
      const zoomed = { ...view.current, scale: Math.max(view.current.scale, 1) };
      animateTo(centreOn(zoomed, node.x + node.width / 2, node.y + node.height / 2, size));
      pulse.current = { id: node.id, startedAt: performance.now() };
    }, FIT_ANIMATION_MS);
    return () => window.clearTimeout(timer);
    // Once per focus request, not on every resize.
  }, [focusId, scene, size.width > 0]);

  const hitTest = (x: number, y: number, radiusPx: number) => {
    if (!view.current) return null;
    const world = screenToWorld(view.current, x, y);
    return nodeAt(scene.layout, scene.index, world.x, world.y, radiusPx / view.current.scale);
  };

  useCanvasGestures(canvas, {
    onPan: (dx, dy) => {
      if (!view.current) return;
      animation.current = null;
      view.current = panBy(view.current, dx, dy);
      requestDraw();
    },
    onZoom: (factor, x, y) => {
      if (!view.current) return;
      animation.current = null;
      view.current = zoomAt(view.current, factor, x, y);
      requestDraw();
    },
    onTap: (x, y, pointerType) => {
      const id = hitTest(x, y, pointerType === 'touch' ? TAP_RADIUS_PX : 0);
      onSelect(id);
      onHover(id && pointerType === 'touch' ? { id, x, y } : null);
    },
    onHover: (point) => {
      const id = point ? hitTest(point.x, point.y, 0) : null;
      if (marks.current.hovered !== id) {
        marks.current = { ...marks.current, hovered: id };
        requestDraw();
      }
      canvas?.classList.toggle('cursor-pointer', id !== null);
      onHover(id && point ? { id, ...point } : null);
    },
  });

  return (
    <canvas
      ref={setCanvas}
      data-testid="system-graph-canvas"
      data-selected={selectedId ?? undefined}
      role="img"
      aria-label={`System Interaction Diagram: ${scene.layout.nodes.length} systems, ${scene.layout.edges.length} dependencies`}
      className="absolute inset-0 size-full touch-none select-none"
    />
  );
}
