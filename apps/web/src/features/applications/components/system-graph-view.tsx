import type { ArchitectureGraph, ArchitectureMetrics } from '@vigil/contract';
import { Maximize } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useElementSize, type ElementSize } from '../../../lib/use-element-size';
import { layoutAspect } from '../lib/graph-layout';
import { nodeTooltip, type NodeTooltipModel } from '../lib/node-tooltip';
import { placeTooltip } from '../lib/tooltip-placement';
import { buildGraphScene } from './graph-scene';
import { NodeTooltipCard } from './node-tooltip-card';
import { SystemGraphCanvas, type HoverInfo } from './system-graph-canvas';

export interface SystemGraphViewProps {
  graph: ArchitectureGraph | null;
  metrics: ArchitectureMetrics | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  focusId: string | null;
}

/** The tooltip, measured once rendered so it can flip to stay inside the diagram. */
function FloatingTooltip({
  hover,
  box,
  model,
}: {
  hover: HoverInfo;
  box: ElementSize;
  model: NodeTooltipModel;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 256, height: 240 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = { width: element.offsetWidth, height: element.offsetHeight };
    setSize((current) =>
      current.width === measured.width && current.height === measured.height ? current : measured,
    );
  }, [model]);
  const place = placeTooltip(hover, size, box);
  return (
    <div
      ref={ref}
      className="pointer-events-none absolute z-10"
      style={{ left: place.x, top: place.y }}
    >
      <NodeTooltipCard model={model} />
    </div>
  );
}

/** 'System Interaction Diagram': the canvas, Fit to Screen, the hover tooltip and the states. */
export function SystemGraphView({
  graph,
  metrics,
  loading,
  selectedId,
  onSelect,
  focusId,
}: SystemGraphViewProps) {
  const [fitRequest, setFitRequest] = useState(0);
  const [hover, setHover] = useState<HoverInfo | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const size = useElementSize(box);
  const aspect = layoutAspect(size.width, size.height);
  const scene = useMemo(
    () =>
      graph && graph.nodes.length > 0 && size.width > 0 ? buildGraphScene(graph, aspect) : null,
    [graph, aspect, size.width > 0],
  );
  const hoveredNode = hover ? graph?.nodes.find((node) => node.id === hover.id) : undefined;

  return (
    <section
      aria-labelledby="system-diagram-heading"
      className="rounded-xl border border-border bg-surface"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="system-diagram-heading" className="text-base font-semibold text-foreground">
          System Interaction Diagram
        </h2>
        <Button
          size="sm"
          aria-label="Fit to Screen"
          title="Fit to Screen"
          onClick={() => setFitRequest((n) => n + 1)}
          disabled={!scene}
        >
          <Maximize aria-hidden="true" />
          {/* On a phone the heading and the button share one line: the icon alone. */}
          <span className="hidden sm:inline">Fit to Screen</span>
        </Button>
      </div>
      <div
        ref={setBox}
        className="relative h-[500px] overflow-hidden rounded-b-xl md:h-[clamp(300px,calc(100dvh-20rem),500px)]"
      >
        {loading && !scene ? (
          <Spinner label="Loading diagram..." className="h-full justify-center" />
        ) : scene ? (
          <SystemGraphCanvas
            scene={scene}
            selectedId={selectedId}
            onSelect={onSelect}
            onHover={setHover}
            fitRequest={fitRequest}
            focusId={focusId}
          />
        ) : (
          <p className="flex h-full items-center justify-center text-sm text-muted">
            No systems to display
          </p>
        )}
        {hover && hoveredNode ? (
          <FloatingTooltip hover={hover} box={size} model={nodeTooltip(hoveredNode, metrics)} />
        ) : null}
      </div>
    </section>
  );
}
