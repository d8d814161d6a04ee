import type { ArchitectureGraph } from '@vigil/contract';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutNode extends Rect {
  id: string;
  groupId: string;
}

export interface LaidOutGroup extends Rect {
  id: string;
  label: string;
}

/** A dependency arrow, already clipped to the borders of its two pills. */
export interface LaidOutEdge {
  from: string;
  to: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface GraphLayout {
  nodes: LaidOutNode[];
  groups: LaidOutGroup[];
  edges: LaidOutEdge[];
  bounds: Rect;
  /** Node id → index in `nodes`. */
  indexOf: ReadonlyMap<string, number>;
  /** The widest pill, so spatial queries know how far a node can reach from its centre. */
  maxNodeWidth: number;
}

type LayoutInput = Pick<ArchitectureGraph, 'nodes' | 'edges' | 'groups'>;

/** World units (CSS pixels at zoom 1). */
export const PILL_HEIGHT = 32;
export const PILL_MIN_WIDTH = 88;
export const PILL_MAX_WIDTH = 184;
const CHAR_WIDTH = 7;
const PILL_PADDING_X = 30;
const GAP_X = 24;
const GAP_Y = 28;
const GROUP_PADDING = 16;
const GROUP_LABEL_SPACE = 22;
const GROUP_GAP = 56;
const UNGROUPED_ID = 'ungrouped';

/** A pill is as wide as its label needs, within bounds (labels longer than that are cut). */
export function pillWidth(label: string): number {
  return Math.min(
    PILL_MAX_WIDTH,
    Math.max(PILL_MIN_WIDTH, label.length * CHAR_WIDTH + PILL_PADDING_X),
  );
}

/** Groups in the server's order; nodes no group claims go to a trailing 'ungrouped' group. */
function groupMembers(graph: LayoutInput): { id: string; label: string; nodeIds: string[] }[] {
  const known = new Set(graph.nodes.map((node) => node.id));
  const claimed = new Set<string>();
  const result: { id: string; label: string; nodeIds: string[] }[] = [];
  for (const group of graph.groups) {
    const nodeIds = group.nodes.filter((id) => known.has(id) && !claimed.has(id));
    nodeIds.forEach((id) => claimed.add(id));
    if (nodeIds.length > 0) result.push({ id: group.id, label: group.label, nodeIds });
  }
  const rest = graph.nodes.filter((node) => !claimed.has(node.id)).map((node) => node.id);
  if (rest.length > 0) result.push({ id: UNGROUPED_ID, label: 'Ungrouped', nodeIds: rest });
  return result;
}

/** Where the segment from a pill's centre towards (tx, ty) leaves the pill's rectangle. */
function exitPoint(rect: Rect, tx: number, ty: number): { x: number; y: number } {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(
    dx === 0 ? Infinity : rect.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : rect.height / 2 / Math.abs(dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

/** Columns of a group's grid: a short row for a few pills, roughly square for many. */
function groupColumns(count: number): number {
  return Math.min(count, Math.max(3, Math.ceil(Math.sqrt(count * 0.9))));
}

/** The width:height a layout aims for, from the canvas size, in steps so a resize rarely relays. */
export function layoutAspect(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 2;
  return Math.min(4, Math.max(0.5, Math.round((width / height) * 4) / 4));
}

/**
 * Graph → positions. Each group is a box with its pills in a grid; boxes are packed in the
 * server's group order (for layer grouping: frontend, gateway, backend... down to monitoring)
 * left to right on shelves, each shelf centred, wrapping so the whole picture comes out near
 * `aspect` (width / height). Deterministic and free of the DOM.
 */
export function layoutGraph(graph: LayoutInput, aspect = 2): GraphLayout {
  const labelOf = new Map(graph.nodes.map((node) => [node.id, node.label || node.name || node.id]));
  const boxes = groupMembers(graph).map((group) => {
    const widths = group.nodeIds.map((id) => pillWidth(labelOf.get(id) ?? id));
    const cell = Math.max(...widths) + GAP_X;
    const columns = groupColumns(group.nodeIds.length);
    const rows = Math.ceil(group.nodeIds.length / columns);
    return {
      ...group,
      widths,
      cell,
      columns,
      width: columns * cell - GAP_X + GROUP_PADDING * 2,
      height: rows * (PILL_HEIGHT + GAP_Y) - GAP_Y + GROUP_PADDING * 2 + GROUP_LABEL_SPACE,
    };
  });
  const area = boxes.reduce(
    (sum, box) => sum + (box.width + GROUP_GAP) * (box.height + GROUP_GAP),
    0,
  );
  const shelfWidth = Math.max(...boxes.map((box) => box.width), Math.sqrt(area * aspect));

  type Box = (typeof boxes)[number];
  const shelves: Box[][] = [];
  let shelf: Box[] = [];
  let used = 0;
  for (const box of boxes) {
    if (shelf.length > 0 && used + GROUP_GAP + box.width > shelfWidth) {
      shelves.push(shelf);
      shelf = [];
      used = 0;
    }
    used += (shelf.length > 0 ? GROUP_GAP : 0) + box.width;
    shelf.push(box);
  }
  if (shelf.length > 0) shelves.push(shelf);
  const shelfSpan = (row: Box[]) =>
    row.reduce((sum, box) => sum + box.width, 0) + GROUP_GAP * (row.length - 1);
  const fullWidth = Math.max(0, ...shelves.map(shelfSpan));

  const nodes: LaidOutNode[] = [];
  const groups: LaidOutGroup[] = [];
  let top = 0;
  for (const row of shelves) {
    let left = (fullWidth - shelfSpan(row)) / 2;
    for (const box of row) {
      groups.push({
        id: box.id,
        label: box.label,
        x: left,
        y: top,
        width: box.width,
        height: box.height,
      });
      box.nodeIds.forEach((id, i) => {
        const width = box.widths[i] ?? PILL_MIN_WIDTH;
        nodes.push({
          id,
          groupId: box.id,
          x: left + GROUP_PADDING + (i % box.columns) * box.cell + (box.cell - GAP_X - width) / 2,
          y:
            top +
            GROUP_LABEL_SPACE +
            GROUP_PADDING +
            Math.floor(i / box.columns) * (PILL_HEIGHT + GAP_Y),
          width,
          height: PILL_HEIGHT,
        });
      });
      left += box.width + GROUP_GAP;
    }
    top += Math.max(...row.map((box) => box.height)) + GROUP_GAP;
  }

  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const edges: LaidOutEdge[] = [];
  for (const edge of graph.edges) {
    const a = nodes[indexOf.get(edge.from) ?? -1];
    const b = nodes[indexOf.get(edge.to) ?? -1];
    if (!a || !b || a === b) continue;
    const start = exitPoint(a, b.x + b.width / 2, b.y + b.height / 2);
    const end = exitPoint(b, a.x + a.width / 2, a.y + a.height / 2);
    edges.push({ from: a.id, to: b.id, x1: start.x, y1: start.y, x2: end.x, y2: end.y });
  }

  return {
    nodes,
    groups,
    edges,
    bounds: { x: 0, y: 0, width: fullWidth, height: Math.max(0, top - GROUP_GAP) },
    indexOf,
    maxNodeWidth: Math.max(PILL_MIN_WIDTH, ...nodes.map((node) => node.width)),
  };
}

const MAX_LABEL_CHARS = Math.floor((PILL_MAX_WIDTH - PILL_PADDING_X) / CHAR_WIDTH);

/** The text a pill shows: the label, cut with an ellipsis when the pill cannot hold it. */
export function pillLabel(label: string): string {
  return label.length <= MAX_LABEL_CHARS ? label : `${label.slice(0, MAX_LABEL_CHARS - 1)}…`;
}
