import { z } from 'zod';
import type { MinedEvent } from '../mined-event';
import { createLruMap } from './lru-map';
import { clamp01, REASON_MIN, type DetectionModel, type ModelOutput } from './model';

export interface NumericModelConfig {
  /** Samples a slot needs before it can call anything an outlier. */
  warmup: number;
  /** z at which the model votes (score 0.5) and at which it saturates (score 1). */
  fireZ: number;
  maxZ: number;
  /** Floor on the spread: max(σ, relativeSigma·|mean|, absoluteSigma), so a constant slot is not "infinitely" surprised by its first change of 1. */
  relativeSigma: number;
  absoluteSigma: number;
  maxSlotsPerTemplate: number;
  voteAt: number;
  maxTemplates: number;
}

/** Welford's running mean and sum of squared deviations. */
interface Stats {
  n: number;
  mean: number;
  m2: number;
}

const StatsSnapshot = z
  .tuple([z.number().int().nonnegative(), z.number(), z.number().nonnegative()])
  .nullable();
const Snapshot = z.object({
  version: z.literal(1),
  templates: z.array(z.tuple([z.string(), z.array(StatsSnapshot)])),
});

const NAME = 'numeric_outlier';
/** Decimal numbers with an optional unit. Hex, versions and ids with letters are not measurements. */
const NUMERIC_RE = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?:ms|us|µs|ns|s|kb|mb|gb|b|%)?$/i;
const MAX_NUMBER_LENGTH = 24;

/** The parameter as a finite number, else NaN ("1e999" is not a measurement either). */
const numericValue = (param: string): number => {
  if (param.length === 0 || param.length > MAX_NUMBER_LENGTH || !NUMERIC_RE.test(param))
    return Number.NaN;
  const value = Number.parseFloat(param);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** Stats that JSON can carry and the model can reason with; an overflowed slot is dropped. */
const isFiniteStats = (stats: Stats): boolean =>
  Number.isFinite(stats.mean) && Number.isFinite(stats.m2);

interface Outlier {
  z: number;
  slot: number;
  value: number;
  stats: Stats;
}

export function createNumericModel(config: NumericModelConfig): DetectionModel {
  const templates = createLruMap<string, Array<Stats | null>>(config.maxTemplates);
  // score and learn see the same event back to back: parse its numbers and find its slots once.
  let lastEvent: MinedEvent | null = null;
  let lastSlots: Array<Stats | null> | undefined;
  const values = new Float64Array(config.maxSlotsPerTemplate);

  function lookup(event: MinedEvent): Array<Stats | null> | undefined {
    if (event === lastEvent) return lastSlots;
    lastEvent = event;
    lastSlots = templates.get(event.templateId);
    const count = Math.min(event.parameters.length, config.maxSlotsPerTemplate);
    for (let slot = 0; slot < count; slot += 1)
      values[slot] = numericValue(event.parameters[slot] ?? '');
    return lastSlots;
  }

  function worstOutlier(event: MinedEvent, slots: Array<Stats | null>): Outlier | null {
    let worst: Outlier | null = null;
    const count = Math.min(event.parameters.length, config.maxSlotsPerTemplate, slots.length);
    for (let slot = 0; slot < count; slot += 1) {
      const stats = slots[slot];
      const value = values[slot] ?? Number.NaN;
      if (!stats || stats.n < config.warmup || Number.isNaN(value)) continue;
      const spread = Math.sqrt(stats.m2 / (stats.n - 1));
      const sigma = Math.max(
        spread,
        config.relativeSigma * Math.abs(stats.mean),
        config.absoluteSigma,
      );
      const z = Math.abs(value - stats.mean) / sigma;
      if (worst === null || z > worst.z) worst = { z, slot, value, stats };
    }
    return worst;
  }

  function score(event: MinedEvent): ModelOutput {
    if (event.parameters.length === 0) return { score: 0, vote: false, reason: null };
    const slots = lookup(event);
    const worst = slots === undefined ? null : worstOutlier(event, slots);
    const { fireZ, maxZ } = config;
    if (worst === null || worst.z < fireZ / 2) return { score: 0, vote: false, reason: null };
    const z = worst.z;
    const value =
      z < fireZ ? (z - fireZ / 2) / fireZ : clamp01(0.5 + (0.5 * (z - fireZ)) / (maxZ - fireZ));
    const reason =
      value >= REASON_MIN
        ? `parameter ${worst.slot + 1} = ${worst.value} is ${z.toFixed(1)}σ from its usual ${worst.stats.mean.toPrecision(3)} (n=${worst.stats.n})`
        : null;
    return { score: value, vote: value >= config.voteAt, reason };
  }

  function learn(event: MinedEvent): void {
    const count = Math.min(event.parameters.length, config.maxSlotsPerTemplate);
    if (count === 0) return;
    let slots = lookup(event);
    lastEvent = null;
    for (let slot = 0; slot < count; slot += 1) {
      const value = values[slot] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      if (slots === undefined) {
        slots = [];
        templates.set(event.templateId, slots);
      }
      const stats = slots[slot] ?? { n: 0, mean: 0, m2: 0 };
      const n = stats.n + 1;
      const delta = value - stats.mean;
      const mean = stats.mean + delta / n;
      const next = { n, mean, m2: stats.m2 + delta * (value - mean) };
      // Values near the float limit overflow the running sums: keep the slot as it was.
      if (isFiniteStats(next)) slots[slot] = next;
      else slots[slot] ??= null;
    }
  }

  return {
    name: NAME,
    score,
    learn,
    snapshot: () => ({
      version: 1 as const,
      templates: [...templates.entries()].map(
        ([id, slots]) =>
          [
            id,
            Array.from(slots, (s) => (s && isFiniteStats(s) ? [s.n, s.mean, s.m2] : null)),
          ] as const,
      ),
    }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      templates.clear();
      for (const [id, slots] of parsed.templates) {
        templates.set(
          id,
          slots.map((s) => (s ? { n: s[0], mean: s[1], m2: s[2] } : null)),
        );
      }
      lastEvent = null;
    },
  };
}
