import { SKETCH_BINS, binOf, quantileOf } from './latency-sketch';

/**
 * A sliding window over EVENT time: a ring of fixed buckets (default 30 × 10 s = 5 min), each with
 * a request count, an error count, min/max and a latency histogram. Memory is fixed per window;
 * recording is a few array writes, so the span fold allocates nothing here.
 */
export interface WindowShape {
  bucketMs: number;
  buckets: number;
}

export const DEFAULT_WINDOW: WindowShape = { bucketMs: 10_000, buckets: 30 };

export interface MetricWindow {
  /** Absolute bucket number (time / bucketMs) held in each slot; -1 when empty. */
  readonly slotBucket: Float64Array;
  readonly count: Uint32Array;
  readonly errors: Uint32Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  /** Null for windows that only count (edges). */
  readonly histogram: Uint32Array | null;
  /** The first bucket this window ever recorded: the rate's denominator never covers time before it. */
  firstBucket: number;
}

export interface WindowSummary {
  count: number;
  errors: number;
  /** Seconds the rate is measured over: the window, or less when the node is younger. */
  coveredSeconds: number;
  p50: number;
  p95: number;
  p99: number;
}

export function createMetricWindow(shape: WindowShape, withLatency: boolean): MetricWindow {
  return {
    slotBucket: new Float64Array(shape.buckets).fill(-1),
    count: new Uint32Array(shape.buckets),
    errors: new Uint32Array(shape.buckets),
    min: new Float64Array(shape.buckets),
    max: new Float64Array(shape.buckets),
    histogram: withLatency ? new Uint32Array(shape.buckets * SKETCH_BINS) : null,
    firstBucket: -1,
  };
}

/** Records one request in absolute bucket `bucket`; returns false when it is older than the window holds. */
export function recordInWindow(
  window: MetricWindow,
  bucket: number,
  durationMs: number,
  isError: boolean,
): boolean {
  const size = window.slotBucket.length;
  const slot = bucket % size;
  const held = window.slotBucket[slot] ?? -1;
  if (held !== bucket) {
    if (held > bucket) return false;
    window.slotBucket[slot] = bucket;
    window.count[slot] = 0;
    window.errors[slot] = 0;
    window.min[slot] = Infinity;
    window.max[slot] = 0;
    window.histogram?.fill(0, slot * SKETCH_BINS, (slot + 1) * SKETCH_BINS);
  }
  if (window.firstBucket < 0 || bucket < window.firstBucket) window.firstBucket = bucket;
  window.count[slot] = (window.count[slot] ?? 0) + 1;
  if (isError) window.errors[slot] = (window.errors[slot] ?? 0) + 1;
  if (window.histogram) {
    if (durationMs < (window.min[slot] ?? Infinity)) window.min[slot] = durationMs;
    if (durationMs > (window.max[slot] ?? 0)) window.max[slot] = durationMs;
    const index = slot * SKETCH_BINS + binOf(durationMs);
    window.histogram[index] = (window.histogram[index] ?? 0) + 1;
  }
  return true;
}

/** Sums the buckets in (currentBucket - buckets, currentBucket]; `scratch` is reused between calls. */
export function summariseWindow(
  window: MetricWindow,
  shape: WindowShape,
  currentBucket: number,
  scratch: Float64Array = new Float64Array(SKETCH_BINS),
): WindowSummary {
  const oldest = currentBucket - shape.buckets + 1;
  let count = 0;
  let errors = 0;
  let min = Infinity;
  let max = 0;
  if (window.histogram) scratch.fill(0);
  for (let slot = 0; slot < shape.buckets; slot += 1) {
    const bucket = window.slotBucket[slot] ?? -1;
    if (bucket < oldest || bucket > currentBucket) continue;
    count += window.count[slot] ?? 0;
    errors += window.errors[slot] ?? 0;
    if (!window.histogram) continue;
    min = Math.min(min, window.min[slot] ?? Infinity);
    max = Math.max(max, window.max[slot] ?? 0);
    const base = slot * SKETCH_BINS;
    for (let bin = 0; bin < SKETCH_BINS; bin += 1)
      scratch[bin] = (scratch[bin] ?? 0) + (window.histogram[base + bin] ?? 0);
  }
  const age = window.firstBucket < 0 ? 1 : currentBucket - Math.max(window.firstBucket, oldest) + 1;
  const coveredSeconds = (Math.max(1, Math.min(shape.buckets, age)) * shape.bucketMs) / 1000;
  const q = (p: number): number =>
    window.histogram ? quantileOf(scratch, 0, count, p, min, max) : 0;
  return { count, errors, coveredSeconds, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}

/** The p50 of one bucket (for the latency baseline), or null when it is empty or rolled over. */
export function bucketMedian(window: MetricWindow, bucket: number): number | null {
  const slot = bucket % window.slotBucket.length;
  if (!window.histogram || window.slotBucket[slot] !== bucket) return null;
  const total = window.count[slot] ?? 0;
  if (total === 0) return null;
  return quantileOf(
    window.histogram,
    slot * SKETCH_BINS,
    total,
    0.5,
    window.min[slot] ?? 0,
    window.max[slot] ?? Infinity,
  );
}
