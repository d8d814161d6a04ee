import type { CorrelatedLog, TraceabilityData } from '@vigil/contract';

/** Spec part 1 section 9: boxes 140 by 60 px, rows snake in alternating direction, at least 600 wide. */
export const FLOW_BOX = { width: 140, height: 60 } as const;
export const FLOW_MIN_WIDTH = 600;
export const FLOW_GAP_X = 36;
/** Leaves room above every row for the ROOT CAUSE label. */
export const FLOW_GAP_Y = 52;
export const FLOW_PADDING = 16;
export const FLOW_LABEL_SPACE = 20;
export const FLOW_COMPONENT_MAX = 16;

export interface FlowLog extends CorrelatedLog {
  isRootCause: boolean;
}

export interface FlowBox {
  index: number;
  row: number;
  x: number;
  y: number;
}

export interface FlowLink {
  from: number;
  to: number;
  /** Start and end of the arrow, in px. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface FlowLayout {
  width: number;
  height: number;
  perRow: number;
  boxes: FlowBox[];
  links: FlowLink[];
}

const sameLog = (a: CorrelatedLog, b: CorrelatedLog): boolean =>
  a.component === b.component && a.timestamp === b.timestamp && a.message === b.message;

/**
 * The boxes in order: the correlated logs, the root system log marked where it appears among
 * them (or put first when it does not).
 */
export function traceFlowLogs(data: TraceabilityData | null | undefined): FlowLog[] {
  if (!data) return [];
  const root = data.root_system_log;
  const rootIsCause = root?.is_root_cause ?? false;
  const logs: FlowLog[] = data.correlated_logs.map((log) => ({
    ...log,
    isRootCause: rootIsCause && root !== null && sameLog(log, root),
  }));
  if (root && !logs.some((log) => sameLog(log, root))) {
    const { is_root_cause: _ignored, ...rootLog } = root;
    logs.unshift({ ...rootLog, isRootCause: rootIsCause });
  }
  return logs;
}

/** Names over 16 characters are cut to 16 and marked with an ellipsis. */
export function truncateComponent(name: string, max = FLOW_COMPONENT_MAX): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** Positions `count` boxes in rows that fill `availableWidth` (at least 600), snaking left and right. */
export function layoutTraceFlow(count: number, availableWidth: number): FlowLayout {
  const width = Math.max(FLOW_MIN_WIDTH, Math.floor(availableWidth));
  const perRow = Math.max(
    1,
    Math.floor((width - 2 * FLOW_PADDING + FLOW_GAP_X) / (FLOW_BOX.width + FLOW_GAP_X)),
  );
  const boxes: FlowBox[] = [];
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / perRow);
    const inRow = index % perRow;
    const column = row % 2 === 0 ? inRow : perRow - 1 - inRow;
    boxes.push({
      index,
      row,
      x: FLOW_PADDING + column * (FLOW_BOX.width + FLOW_GAP_X),
      y: FLOW_PADDING + FLOW_LABEL_SPACE + row * (FLOW_BOX.height + FLOW_GAP_Y),
    });
  }
  const links = boxes.slice(1).map((to, offset) => linkBetween(boxes[offset]!, to));
  const rows = count === 0 ? 0 : boxes[count - 1]!.row + 1;
  const height =
    rows === 0
      ? 0
      : 2 * FLOW_PADDING + FLOW_LABEL_SPACE + rows * FLOW_BOX.height + (rows - 1) * FLOW_GAP_Y;
  return { width, height, perRow, boxes, links };
}

function linkBetween(from: FlowBox, to: FlowBox): FlowLink {
  if (from.row !== to.row) {
    // Down from the bottom of the row's last box to the top of the next row's first (same column).
    const x = from.x + FLOW_BOX.width / 2;
    return { from: from.index, to: to.index, x1: x, y1: from.y + FLOW_BOX.height, x2: x, y2: to.y };
  }
  const y = from.y + FLOW_BOX.height / 2;
  const rightward = to.x > from.x;
  return {
    from: from.index,
    to: to.index,
    x1: rightward ? from.x + FLOW_BOX.width : from.x,
    y1: y,
    x2: rightward ? to.x : to.x + FLOW_BOX.width,
    y2: y,
  };
}
