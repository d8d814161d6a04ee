import type { AgentTone } from '../lib/agent-health';
import type { NetworkLayout, NetworkNode } from '../lib/agent-network-layout';

export interface NetworkPalette {
  tones: Record<AgentTone, string>;
  line: string;
  label: string;
  surface: string;
}

export interface NetworkFrame {
  layout: NetworkLayout;
  tones: ReadonlyMap<string, AgentTone>;
  labels: ReadonlyMap<string, string>;
  hovered: string | null;
  /** Milliseconds since the animation started; 0 draws the still picture. */
  time: number;
}

const PULSE_PERIOD_MS = 2_400;

function drawNode(
  ctx: CanvasRenderingContext2D,
  node: NetworkNode,
  colour: string,
  palette: NetworkPalette,
  hovered: boolean,
  glow: number,
): void {
  ctx.beginPath();
  ctx.arc(node.x, node.y, node.radius + 4 + glow * 6, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.12 + (hovered ? 0.15 : 0);
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  ctx.arc(node.x, node.y, node.radius, 0, Math.PI * 2);
  ctx.fillStyle = palette.surface;
  ctx.fill();
  ctx.lineWidth = hovered ? 3 : 2;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(node.x, node.y, node.radius * 0.38, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
}

/** One frame of the network: spokes with a travelling pulse, then the nodes and their names. */
export function drawAgentNetwork(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  frame: NetworkFrame,
  palette: NetworkPalette,
): void {
  ctx.clearRect(0, 0, width, height);
  const { hub, spokes } = frame.layout;
  const colourOf = (id: string) => palette.tones[frame.tones.get(id) ?? 'unknown'];
  const phase = (frame.time % PULSE_PERIOD_MS) / PULSE_PERIOD_MS;

  if (hub) {
    ctx.lineWidth = 1.5;
    spokes.forEach((spoke, index) => {
      ctx.beginPath();
      ctx.moveTo(hub.x, hub.y);
      ctx.lineTo(spoke.x, spoke.y);
      ctx.strokeStyle = palette.line;
      ctx.stroke();
      if (frame.time === 0) return;
      const t = (phase + index / spokes.length) % 1;
      ctx.beginPath();
      ctx.arc(hub.x + (spoke.x - hub.x) * t, hub.y + (spoke.y - hub.y) * t, 3, 0, Math.PI * 2);
      ctx.fillStyle = colourOf(spoke.id);
      ctx.fill();
    });
  }

  const glow = frame.time === 0 ? 0 : (Math.sin(phase * Math.PI * 2) + 1) / 2;
  const nodes = hub ? [hub, ...spokes] : spokes;
  ctx.font = '500 11px ui-sans-serif, system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const node of nodes) {
    const hovered = frame.hovered === node.id;
    drawNode(ctx, node, colourOf(node.id), palette, hovered, node === hub ? glow : 0);
    const label = frame.labels.get(node.id) ?? node.id;
    const labelWidth = ctx.measureText(label).width;
    // A backing plate keeps the name readable where a spoke runs under it.
    ctx.fillStyle = palette.surface;
    ctx.fillRect(node.x - labelWidth / 2 - 3, node.y + node.radius + 4, labelWidth + 6, 15);
    ctx.fillStyle = palette.label;
    ctx.fillText(label, node.x, node.y + node.radius + 6);
  }
}
