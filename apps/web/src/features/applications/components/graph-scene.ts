import type { ArchitectureGraph } from '@vigil/contract';
import { nodeHealthColour, type HealthColour } from '../../../lib/health-colour';
import { layoutGraph, pillLabel, type GraphLayout } from '../lib/graph-layout';
import { createEdgeLayer, type EdgeLayer } from './edge-layer';
import { createSpatialIndex, type SpatialIndex } from '../lib/spatial-index';

/** Everything a frame needs that does not change while the user pans and zooms. */
export interface GraphScene {
  layout: GraphLayout;
  index: SpatialIndex;
  colours: HealthColour[];
  labels: string[];
  /** Every edge line and every arrowhead, in world coordinates, built once. */
  edgeLines: Path2D;
  arrowHeads: Path2D;
  /** Per node (by index): the indices of the edges that start or end there. */
  edgesOfNode: number[][];
  /** The whole-graph edge bitmap used while panning zoomed out. */
  edgeLayer: EdgeLayer;
}

export const ARROW_SIZE = 7;

/** The arrowhead at (x2, y2), pointing along the edge. */
export function addArrowHead(path: Path2D, x1: number, y1: number, x2: number, y2: number): void {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  path.moveTo(x2, y2);
  path.lineTo(x2 - ARROW_SIZE * Math.cos(angle - 0.45), y2 - ARROW_SIZE * Math.sin(angle - 0.45));
  path.lineTo(x2 - ARROW_SIZE * Math.cos(angle + 0.45), y2 - ARROW_SIZE * Math.sin(angle + 0.45));
  path.closePath();
}

export function buildGraphScene(
  graph: Pick<ArchitectureGraph, 'nodes' | 'edges' | 'groups'>,
  aspect: number,
): GraphScene {
  const layout = layoutGraph(graph, aspect);
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const colours = layout.nodes.map((laid) => {
    const node = byId.get(laid.id);
    return nodeHealthColour(node?.status, node?.health_score);
  });
  const labels = layout.nodes.map((laid) => {
    const node = byId.get(laid.id);
    return pillLabel(node?.label || node?.name || laid.id);
  });
  const edgeLines = new Path2D();
  const arrowHeads = new Path2D();
  const edgesOfNode: number[][] = layout.nodes.map(() => []);
  layout.edges.forEach((edge, i) => {
    edgesOfNode[layout.indexOf.get(edge.from) ?? -1]?.push(i);
    edgesOfNode[layout.indexOf.get(edge.to) ?? -1]?.push(i);
    edgeLines.moveTo(edge.x1, edge.y1);
    edgeLines.lineTo(edge.x2, edge.y2);
    addArrowHead(arrowHeads, edge.x1, edge.y1, edge.x2, edge.y2);
  });
  const scene = {
    layout,
    index: createSpatialIndex(layout),
    colours,
    labels,
    edgeLines,
    arrowHeads,
    edgesOfNode,
  };
  return { ...scene, edgeLayer: createEdgeLayer(scene) };
}
