import { ORCHESTRATOR_ID } from './agent-health';

export interface NetworkNode {
  id: string;
  x: number;
  y: number;
  radius: number;
}

export interface NetworkLayout {
  hub: NetworkNode | null;
  spokes: NetworkNode[];
}

/** Node sizes and the space kept free around the ring, in CSS pixels. */
const HUB_RADIUS = 26;
const SPOKE_RADIUS = 18;
const MARGIN = 40;

/**
 * The orchestrator in the centre and the other agents evenly on an ellipse around it, the first
 * at the top, going clockwise. Pure: the canvas draws it and the click handler hit-tests it.
 */
export function layoutAgentNetwork(
  agentIds: readonly string[],
  width: number,
  height: number,
): NetworkLayout {
  const cx = width / 2;
  const cy = height / 2;
  const hasHub = agentIds.includes(ORCHESTRATOR_ID);
  const others = agentIds.filter((id) => id !== ORCHESTRATOR_ID);
  const ry = Math.max(0, height / 2 - MARGIN / 2 - SPOKE_RADIUS);
  // A wide canvas keeps the ring compact rather than stretching the spokes across the screen.
  const rx = Math.min(Math.max(0, width / 2 - MARGIN - SPOKE_RADIUS), ry * 2.6);
  const spokes = others.map((id, index) => {
    const angle = -Math.PI / 2 + (index / others.length) * Math.PI * 2;
    return {
      id,
      x: cx + Math.cos(angle) * rx,
      y: cy + Math.sin(angle) * ry,
      radius: SPOKE_RADIUS,
    };
  });
  return {
    hub: hasHub ? { id: ORCHESTRATOR_ID, x: cx, y: cy, radius: HUB_RADIUS } : null,
    spokes,
  };
}

/** The agent under a point (canvas CSS pixels), with a few pixels of slack for fingers. */
export function agentAtPoint(
  layout: NetworkLayout,
  x: number,
  y: number,
  slack = 6,
): string | null {
  const nodes = layout.hub ? [layout.hub, ...layout.spokes] : layout.spokes;
  let best: { id: string; distance: number } | null = null;
  for (const node of nodes) {
    const distance = Math.hypot(node.x - x, node.y - y);
    if (distance <= node.radius + slack && (!best || distance < best.distance)) {
      best = { id: node.id, distance };
    }
  }
  return best?.id ?? null;
}
