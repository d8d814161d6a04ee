import type { HealthColour } from '../../../lib/health-colour';
import type { LaidOutNode, Rect } from '../lib/graph-layout';
import { clipSegment } from '../lib/clip-segment';
import { intersects } from '../lib/spatial-index';
import { visibleWorld, type Size, type Viewport } from '../lib/viewport';
import { addArrowHead, type GraphScene } from './graph-scene';

export interface GraphPalette {
  health: Record<HealthColour, string>;
  edge: string;
  groupBorder: string;
  groupFill: string;
  groupLabel: string;
  label: string;
  pillFill: string;
  selection: string;
}

export interface GraphFrameState {
  hovered: string | null;
  selected: string | null;
  /** The node pulsing after a search highlight, and how far into its pulse (ms). */
  pulse: { id: string; elapsedMs: number } | null;
}

/** Below this zoom pills become plain blocks: no labels, no rounded corners, no arrowheads. */
export const DETAIL_SCALE = 0.5;
/** Past this share of visible nodes, the cached whole-graph edge path is cheaper than culling. */
const CULL_SHARE = 0.4;
const PULSE_PERIOD_MS = 1_000;
/** Above this many edges, a zoomed-in frame draws only the edges with an end on screen. */
export const EDGE_DETAIL_LIMIT = 1_000;

function traceNodes(
  scene: GraphScene,
  visible: readonly number[],
  detailed: boolean,
): Map<HealthColour, Path2D> {
  const paths = new Map<HealthColour, Path2D>();
  for (const i of visible) {
    const node = scene.layout.nodes[i];
    const colour = scene.colours[i];
    if (!node || !colour) continue;
    let path = paths.get(colour);
    if (!path) paths.set(colour, (path = new Path2D()));
    if (detailed) path.roundRect(node.x, node.y, node.width, node.height, node.height / 2);
    else path.rect(node.x, node.y, node.width, node.height);
  }
  return paths;
}

/**
 * Which edges a zoomed-in frame draws: all of them on a small graph; past EDGE_DETAIL_LIMIT,
 * only those with an end on screen (lines merely crossing the view are dropped: on a dense
 * graph they are a mesh that costs more to rasterise than everything else together).
 */
function edgesToDraw(scene: GraphScene, visible: readonly number[]): Iterable<number> {
  const edges = scene.layout.edges;
  if (edges.length <= EDGE_DETAIL_LIMIT) return edges.keys();
  const picked = new Set<number>();
  for (const node of visible) for (const edge of scene.edgesOfNode[node] ?? []) picked.add(edge);
  return picked;
}

interface EdgeFrame {
  world: Rect;
  visible: readonly number[];
  culled: boolean;
  detailed: boolean;
  view: Viewport;
  ratio: number;
}

function drawEdges(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  frame: EdgeFrame,
  palette: GraphPalette,
): void {
  // Zoomed out, most of the graph is on screen: the cached whole-graph layer.
  if (!frame.culled) {
    scene.edgeLayer.draw(ctx, frame.view, frame.ratio, {
      colour: palette.edge,
      arrows: frame.detailed,
    });
    return;
  }
  scene.edgeLayer.skip();
  const deviceScale = frame.view.scale * frame.ratio;
  const lines = new Path2D();
  const heads = new Path2D();
  // A margin so arrowheads at the screen's edge are not cut off.
  const margin = 12 / deviceScale;
  const area = {
    x: frame.world.x - margin,
    y: frame.world.y - margin,
    width: frame.world.width + margin * 2,
    height: frame.world.height + margin * 2,
  };
  for (const i of edgesToDraw(scene, frame.visible)) {
    const edge = scene.layout.edges[i]!;
    const part = clipSegment(edge, area);
    if (!part) continue;
    lines.moveTo(part.x1, part.y1);
    lines.lineTo(part.x2, part.y2);
    // The arrowhead only when the arrow's end is on screen.
    if (frame.detailed && part.x2 === edge.x2 && part.y2 === edge.y2) {
      addArrowHead(heads, edge.x1, edge.y1, edge.x2, edge.y2);
    }
  }
  ctx.strokeStyle = palette.edge;
  // Exactly one device pixel: Skia's hairline path. Any wider and a path of many crossing
  // lines is stroked as one polygon, which is an order of magnitude slower.
  ctx.lineWidth = 1 / deviceScale;
  ctx.stroke(lines);
  if (frame.detailed) {
    ctx.fillStyle = palette.edge;
    ctx.fill(heads);
  }
}

function drawGroups(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  world: Rect,
  view: Viewport,
  ratio: number,
  palette: GraphPalette,
): void {
  // Solid outlines: dashing walks the whole perimeter, off-screen parts included, every frame.
  ctx.strokeStyle = palette.groupBorder;
  ctx.fillStyle = palette.groupFill;
  ctx.lineWidth = 1 / (view.scale * ratio);
  const visible = scene.layout.groups.filter((group) => intersects(group, world));
  for (const group of visible) {
    ctx.beginPath();
    ctx.roundRect(group.x, group.y, group.width, group.height, 8);
    ctx.globalAlpha = 0.35;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.stroke();
  }
  // Group names stay readable at any zoom: drawn in screen pixels.
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.font = '600 11px ui-sans-serif, system-ui, sans-serif';
  ctx.fillStyle = palette.groupLabel;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const group of visible) {
    ctx.fillText(
      group.label.toUpperCase(),
      group.x * view.scale + view.x + 8,
      group.y * view.scale + view.y + 6,
    );
  }
  ctx.restore();
}

function ring(ctx: CanvasRenderingContext2D, node: LaidOutNode, grow: number): void {
  ctx.beginPath();
  ctx.roundRect(
    node.x - grow,
    node.y - grow,
    node.width + grow * 2,
    node.height + grow * 2,
    node.height / 2 + grow,
  );
  ctx.stroke();
}

function drawMarks(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  state: GraphFrameState,
  scale: number,
  palette: GraphPalette,
): void {
  const nodeOf = (id: string | null) =>
    id === null ? undefined : scene.layout.nodes[scene.layout.indexOf.get(id) ?? -1];
  const hovered = nodeOf(state.hovered);
  if (hovered) {
    ctx.strokeStyle = palette.label;
    ctx.lineWidth = 1.5 / scale;
    ring(ctx, hovered, 2 / scale);
  }
  const selected = nodeOf(state.selected);
  if (selected) {
    ctx.strokeStyle = palette.selection;
    ctx.lineWidth = 2.5 / scale;
    ring(ctx, selected, 4 / scale);
  }
  const pulsing = nodeOf(state.pulse?.id ?? null);
  if (pulsing && state.pulse) {
    const t = (state.pulse.elapsedMs % PULSE_PERIOD_MS) / PULSE_PERIOD_MS;
    ctx.strokeStyle = palette.selection;
    ctx.globalAlpha = 1 - t;
    ctx.lineWidth = 3 / scale;
    ring(ctx, pulsing, (4 + t * 18) / scale);
    ctx.globalAlpha = 1;
  }
}

/**
 * One frame. Only what the viewport shows is traced; far out, pills are plain blocks and the
 * edges come from one cached path; labels appear from DETAIL_SCALE up.
 */
export function drawSystemGraph(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  view: Viewport,
  size: Size,
  ratio: number,
  state: GraphFrameState,
  palette: GraphPalette,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, size.width * ratio, size.height * ratio);
  ctx.setTransform(ratio * view.scale, 0, 0, ratio * view.scale, ratio * view.x, ratio * view.y);
  const world = visibleWorld(view, size);
  const visible = scene.index.query(world).filter((i) => {
    const node = scene.layout.nodes[i];
    return node !== undefined && intersects(node, world);
  });
  const detailed = view.scale >= DETAIL_SCALE;
  const culled = visible.length < scene.layout.nodes.length * CULL_SHARE;

  drawGroups(ctx, scene, world, view, ratio, palette);
  ctx.setTransform(ratio * view.scale, 0, 0, ratio * view.scale, ratio * view.x, ratio * view.y);
  drawEdges(ctx, scene, { world, visible, culled, detailed, view, ratio }, palette);

  const paths = traceNodes(scene, visible, detailed);
  ctx.lineWidth = Math.max(1.5, 1 / view.scale);
  for (const [colour, path] of paths) {
    ctx.fillStyle = palette.pillFill;
    ctx.fill(path);
    ctx.fillStyle = palette.health[colour];
    ctx.globalAlpha = 0.2;
    ctx.fill(path);
    ctx.globalAlpha = 1;
    if (detailed) {
      ctx.strokeStyle = palette.health[colour];
      ctx.stroke(path);
    }
  }

  if (detailed) {
    ctx.font = '500 12px ui-sans-serif, system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = palette.label;
    for (const i of visible) {
      const node = scene.layout.nodes[i]!;
      ctx.fillText(
        scene.labels[i] ?? node.id,
        node.x + node.width / 2,
        node.y + node.height / 2 + 0.5,
      );
    }
  }
  drawMarks(ctx, scene, state, view.scale, palette);
}
