import { useEffect, useRef } from 'react';
import { wheelZoomFactor } from '../lib/viewport';

export interface GestureHandlers {
  onPan: (dx: number, dy: number) => void;
  onZoom: (factor: number, x: number, y: number) => void;
  /** A press and release without movement: a click or a tap, in canvas CSS pixels. */
  onTap: (x: number, y: number, pointerType: string) => void;
  /** The mouse moves over the canvas with no button down; null when it leaves. */
  onHover: (point: { x: number; y: number } | null) => void;
}

/** Movement under this many pixels still counts as a tap. */
const TAP_SLOP_PX = 6;

/**
 * Wheel zoom, drag to pan, two-finger pinch (zoom about the midpoint, and pan with it), and taps,
 * from pointer events so mouse, pen and touch share one path.
 */
export function useCanvasGestures(
  canvas: HTMLCanvasElement | null,
  handlers: GestureHandlers,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!canvas) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let travelled = 0;
    let pinched = false;
    const local = (event: { clientX: number; clientY: number }) => {
      const rect = canvas.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const pinchOf = () => {
      const [a, b] = [...pointers.values()];
      if (!a || !b) return null;
      return {
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        distance: Math.hypot(a.x - b.x, a.y - b.y),
      };
    };

    const down = (event: PointerEvent) => {
      canvas.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 1) {
        travelled = 0;
        pinched = false;
      } else pinched = true;
      latest.current.onHover(null);
    };
    const move = (event: PointerEvent) => {
      const point = local(event);
      const previous = pointers.get(event.pointerId);
      if (!previous) {
        if (event.pointerType === 'mouse') latest.current.onHover(point);
        return;
      }
      const before = pinchOf();
      pointers.set(event.pointerId, point);
      const after = pinchOf();
      if (before && after) {
        if (before.distance > 0)
          latest.current.onZoom(after.distance / before.distance, after.mid.x, after.mid.y);
        latest.current.onPan(after.mid.x - before.mid.x, after.mid.y - before.mid.y);
        return;
      }
      travelled += Math.hypot(point.x - previous.x, point.y - previous.y);
      latest.current.onPan(point.x - previous.x, point.y - previous.y);
    };
    const up = (event: PointerEvent) => {
      const point = local(event);
      const wasTap = pointers.size === 1 && !pinched && travelled < TAP_SLOP_PX;
      pointers.delete(event.pointerId);
      if (event.type === 'pointerup' && wasTap)
        latest.current.onTap(point.x, point.y, event.pointerType);
      if (event.pointerType === 'mouse' && pointers.size === 0) latest.current.onHover(point);
    };
    const leave = (event: PointerEvent) => {
      // Touch pointers 'leave' after every lift; only a mouse leaving ends the hover.
      if (event.pointerType === 'mouse' && !pointers.has(event.pointerId)) {
        latest.current.onHover(null);
      }
    };
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const point = local(event);
      latest.current.onZoom(wheelZoomFactor(event.deltaY), point.x, point.y);
    };

    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('pointerleave', leave);
    // Not passive: the wheel zooms the graph instead of scrolling the page.
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      canvas.removeEventListener('pointerleave', leave);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [canvas]);
}
