/**
 * A fixed log-scale latency histogram: 64 bins growing by 25% from 0.05 ms (the last bin holds
 * everything past ~80 s). A quantile is the geometric middle of its bin (≤ ~12% relative error),
 * clamped to the exact min/max seen, so a steady latency reads back exactly.
 */
export const SKETCH_BINS = 64;
const BASE_MS = 0.05;
const GROWTH = 1.25;
const LOG_GROWTH = Math.log(GROWTH);

export function binOf(durationMs: number): number {
  if (!(durationMs > BASE_MS)) return 0;
  const bin = Math.floor(Math.log(durationMs / BASE_MS) / LOG_GROWTH);
  return bin >= SKETCH_BINS ? SKETCH_BINS - 1 : bin;
}

/** The representative value of a bin: the geometric middle of its bounds. */
export function binValue(bin: number): number {
  return BASE_MS * GROWTH ** (bin + 0.5);
}

/**
 * Reads quantile `q` (0..1) from `counts[offset .. offset+SKETCH_BINS)`; `total` is their sum.
 * Returns 0 for an empty histogram.
 */
export function quantileOf(
  counts: ArrayLike<number>,
  offset: number,
  total: number,
  q: number,
  min: number,
  max: number,
): number {
  if (total <= 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bin = 0; bin < SKETCH_BINS; bin += 1) {
    seen += counts[offset + bin] ?? 0;
    if (seen >= rank) return Math.min(max, Math.max(min, binValue(bin)));
  }
  return max;
}
