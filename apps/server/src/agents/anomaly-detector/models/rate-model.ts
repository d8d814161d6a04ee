import { z } from 'zod';
import type { MinedEvent } from '../mined-event';
import { createLruMap, type LruMap } from './lru-map';
import {
  clamp01,
  REASON_MIN,
  type DetectionModel,
  type EventContext,
  type ModelOutput,
} from './model';

export interface RateModelConfig {
  /** Width of a time bucket, in event time. */
  bucketMs: number;
  /** EWMA weight of the bucket that just closed. */
  alpha: number;
  /** A series scores only once it is this many buckets old. */
  warmupBuckets: number;
  /** Floor on the baseline (events per bucket), so a quiet series is not "spiking" at its 2nd line. */
  minBaseline: number;
  /** Fewer events than this in a bucket is never a spike. */
  minCount: number;
  /** Real traffic is burstier than Poisson: a spike must also be this many times the baseline. */
  minRatio: number;
  /** Tail probabilities mapped to scores: `quietP` → 0, `fireP` → 0.5 (the vote), `maxP` → 1. */
  quietP: number;
  fireP: number;
  maxP: number;
  /** Error-level series count more: their score is multiplied by this. */
  errorBoost: number;
  voteAt: number;
  maxKeys: number;
}

interface Series {
  first: number;
  bucket: number;
  count: number;
  /** EWMA of closed buckets. */
  lambda: number;
}

interface Spike {
  score: number;
  count: number;
  expected: number;
  tail: number;
}

const Snapshot = z.object({
  version: z.literal(1),
  series: z.array(
    z.tuple([
      z.enum(['component', 'template', 'errors']),
      z.string(),
      z.number(),
      z.number(),
      z.number().nonnegative(),
      z.number().nonnegative(),
    ]),
  ),
});

const NAME = 'rate_spike';
const NO_SPIKE: Spike = { score: 0, count: 0, expected: 0, tail: 1 };

const FACTORIAL_TABLE_SIZE = 256;
const LN_FACTORIALS = (() => {
  const table = new Float64Array(FACTORIAL_TABLE_SIZE);
  for (let i = 1; i < FACTORIAL_TABLE_SIZE; i += 1) table[i] = (table[i - 1] ?? 0) + Math.log(i);
  return table;
})();

/** ln(k!): a table for small k, Stirling's series beyond (error < 1e-10 there). */
function lnFactorial(k: number): number {
  if (k < FACTORIAL_TABLE_SIZE) return LN_FACTORIALS[k] ?? 0;
  return (
    k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k * k * k)
  );
}

/** Baseline for `bucket`: the EWMA with the open bucket closed and every skipped bucket counted as 0. */
function baselineAt(series: Series, bucket: number, alpha: number): number {
  if (bucket <= series.bucket) return series.lambda;
  const closed = (1 - alpha) * series.lambda + alpha * series.count;
  const gap = bucket - series.bucket - 1;
  return gap > 0 ? closed * Math.pow(1 - alpha, gap) : closed;
}

type SeriesKind = 'component' | 'template' | 'errors';
const KINDS: readonly SeriesKind[] = ['component', 'template', 'errors'];

export function createRateModel(config: RateModelConfig): DetectionModel {
  // One table per kind so keys need no prefix concatenation on the hot path.
  const tables: Record<SeriesKind, LruMap<string, Series>> = {
    component: createLruMap(config.maxKeys),
    template: createLruMap(config.maxKeys),
    errors: createLruMap(config.maxKeys),
  };
  const lnQuiet = Math.log(config.quietP);
  const lnFire = Math.log(config.fireP);
  const lnMax = Math.log(config.maxP);

  const toScore = (lnTail: number): number =>
    lnTail >= lnFire
      ? clamp01((0.5 * (lnQuiet - lnTail)) / (lnQuiet - lnFire))
      : clamp01(0.5 + (0.5 * (lnFire - lnTail)) / (lnFire - lnMax));

  /** How surprising it is that this event brings its bucket's count to k. */
  function spikeOf(s: Series | undefined, bucket: number): Spike {
    if (s === undefined || bucket - s.first < config.warmupBuckets) return NO_SPIKE;
    const effective = Math.max(bucket, s.bucket);
    const k = (effective === s.bucket ? s.count : 0) + 1;
    const lambda = Math.max(config.minBaseline, baselineAt(s, effective, config.alpha));
    if (k < config.minCount || k < config.minRatio * lambda) return NO_SPIKE;
    const lnPmf = -lambda + k * Math.log(lambda) - lnFactorial(k);
    // P(X >= k) = P(X = k) * (1 + λ/(k+1) + λ²/((k+1)(k+2)) + ...) <= P(X = k) / (1 - λ/(k+1)) for k > λ.
    const lnTail = lnPmf - Math.log(1 - lambda / (k + 1));
    return { score: toScore(lnTail), count: k, expected: lambda, tail: Math.exp(lnTail) };
  }

  function describe(spike: Spike, what: string): string {
    const seconds = config.bucketMs / 1000;
    return `${spike.count} ${what} in this ${seconds}s bucket vs ~${spike.expected.toFixed(1)} expected (p=${spike.tail.toExponential(1)})`;
  }

  // score and learn see the same event back to back: look its series up once.
  let lastEvent: MinedEvent | null = null;
  const found: Array<Series | undefined> = [undefined, undefined, undefined];
  function lookup(event: MinedEvent, ctx: EventContext): Array<Series | undefined> {
    if (event !== lastEvent) {
      lastEvent = event;
      found[0] = tables.component.get(ctx.component);
      found[1] = tables.template.get(ctx.key);
      found[2] = ctx.isError ? tables.errors.get(ctx.component) : undefined;
    }
    return found;
  }

  function score(event: MinedEvent, ctx: EventContext): ModelOutput {
    const bucket = Math.floor(ctx.time / config.bucketMs);
    const [component, template, errors] = lookup(event, ctx);
    const byComponent = spikeOf(component, bucket);
    const byTemplate = spikeOf(template, bucket);
    const byErrors = ctx.isError ? spikeOf(errors, bucket) : NO_SPIKE;
    const errorScore = clamp01(byErrors.score * config.errorBoost);
    const value = Math.max(byComponent.score, byTemplate.score, errorScore);
    if (value < REASON_MIN) return { score: value, vote: value >= config.voteAt, reason: null };
    const reason =
      value === errorScore
        ? describe(byErrors, `error lines from ${ctx.component}`)
        : value === byTemplate.score
          ? describe(byTemplate, `lines of this template from ${ctx.component}`)
          : describe(byComponent, `lines from ${ctx.component}`);
    return { score: value, vote: value >= config.voteAt, reason };
  }

  function bump(
    s: Series | undefined,
    table: LruMap<string, Series>,
    key: string,
    bucket: number,
  ): void {
    if (s === undefined) {
      table.set(key, { first: bucket, bucket, count: 1, lambda: 0 });
      return;
    }
    if (bucket > s.bucket) {
      s.lambda = baselineAt(s, bucket, config.alpha);
      s.bucket = bucket;
      s.count = 0;
    }
    // A late event (older bucket) counts in the open bucket: closed buckets are never reopened.
    s.count += 1;
  }

  function learn(event: MinedEvent, ctx: EventContext): void {
    const bucket = Math.floor(ctx.time / config.bucketMs);
    const [component, template, errors] = lookup(event, ctx);
    bump(component, tables.component, ctx.component, bucket);
    bump(template, tables.template, ctx.key, bucket);
    if (ctx.isError) bump(errors, tables.errors, ctx.component, bucket);
    lastEvent = null;
  }

  return {
    name: NAME,
    score,
    learn,
    snapshot: () => ({
      version: 1 as const,
      series: KINDS.flatMap((kind) =>
        [...tables[kind].entries()].map(
          ([key, s]) => [kind, key, s.first, s.bucket, s.count, s.lambda] as const,
        ),
      ),
    }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      for (const kind of KINDS) tables[kind].clear();
      for (const [kind, key, first, bucket, count, lambda] of parsed.series) {
        tables[kind].set(key, { first, bucket, count, lambda });
      }
    },
  };
}
