import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { cn } from '../../../lib/cn';
import { readCssColour, readCssColours } from '../../../lib/css-colour';
import { useElementSize } from '../../../lib/use-element-size';
import type { AgentTone } from '../lib/agent-health';
import { agentAtPoint, layoutAgentNetwork, type NetworkLayout } from '../lib/agent-network-layout';
import { AGENT_TONE_TOKEN } from '../lib/agent-tone-style';
import type { DashboardAgent } from '../lib/dashboard-agents';
import { drawAgentNetwork, type NetworkPalette } from './draw-agent-network';

export interface AgentNetworkCanvasProps {
  agents: readonly DashboardAgent[];
  onSelectAgent: (agentId: string) => void;
}

function readPalette(): NetworkPalette {
  return {
    tones: readCssColours<AgentTone>(AGENT_TONE_TOKEN),
    line: readCssColour('--color-border-strong'),
    label: readCssColour('--color-muted'),
    surface: readCssColour('--color-surface'),
  };
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * 'Orchestrator & Agent Network': the orchestrator in the middle, the agents around it, coloured
 * by health, with pulses running along the spokes. A click on an agent selects it.
 */
export function AgentNetworkCanvas({ agents, onSelectAgent }: AgentNetworkCanvasProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(box);
  const [hovered, setHovered] = useState<string | null>(null);
  // One clock for the pulses, so a re-render does not restart them.
  const started = useRef(performance.now());

  const layout: NetworkLayout = useMemo(
    () =>
      layoutAgentNetwork(
        agents.map((agent) => agent.id),
        width,
        height,
      ),
    [agents, width, height],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width === 0 || height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    // Assigning the size clears the canvas: only when it really changes.
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const palette = readPalette();
    const frame = {
      layout,
      tones: new Map(agents.map((agent) => [agent.id, agent.tone])),
      labels: new Map(agents.map((agent) => [agent.id, agent.name])),
      hovered,
      time: 0,
    };
    if (prefersReducedMotion()) {
      drawAgentNetwork(ctx, width, height, frame, palette);
      return;
    }
    let handle = 0;
    const tick = (now: number) => {
      drawAgentNetwork(ctx, width, height, { ...frame, time: now - started.current + 1 }, palette);
      handle = requestAnimationFrame(tick);
    };
    // The first frame now, so a hover or a refresh never leaves one frame blank.
    tick(performance.now());
    return () => cancelAnimationFrame(handle);
  }, [agents, layout, hovered, width, height]);

  const pointAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return agentAtPoint(layout, event.clientX - rect.left, event.clientY - rect.top);
  };

  const healthy = agents.filter((agent) => agent.tone === 'good').length;
  return (
    <div ref={setBox} className="relative h-64 w-full md:h-72">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Orchestrator and ${agents.length - 1} agents, ${healthy} healthy. Select an agent card below for details.`}
        data-testid="agent-network-canvas"
        className={cn('absolute inset-0 size-full', hovered && 'cursor-pointer')}
        onPointerMove={(event) => setHovered(pointAt(event))}
        onPointerLeave={() => setHovered(null)}
        onClick={(event) => {
          const id = pointAt(event);
          if (id) onSelectAgent(id);
        }}
      />
    </div>
  );
}
