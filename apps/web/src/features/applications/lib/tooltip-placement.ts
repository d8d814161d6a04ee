export interface Point {
  x: number;
  y: number;
}

export interface BoxSize {
  width: number;
  height: number;
}

const OFFSET = 14;
const EDGE = 8;

/**
 * Where the tooltip's top-left corner goes: below and right of the pointer, flipped left or up
 * when it would leave the box, and never past the box's edges while the box can hold it.
 */
export function placeTooltip(pointer: Point, tooltip: BoxSize, box: BoxSize): Point {
  const fitsRight = pointer.x + OFFSET + tooltip.width <= box.width - EDGE;
  const fitsBelow = pointer.y + OFFSET + tooltip.height <= box.height - EDGE;
  const x = fitsRight ? pointer.x + OFFSET : pointer.x - OFFSET - tooltip.width;
  const y = fitsBelow ? pointer.y + OFFSET : pointer.y - OFFSET - tooltip.height;
  const clamp = (value: number, size: number, room: number) =>
    Math.max(EDGE, Math.min(value, room - size - EDGE));
  return { x: clamp(x, tooltip.width, box.width), y: clamp(y, tooltip.height, box.height) };
}
