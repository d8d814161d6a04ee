import type { MinedEvent } from '../mined-event';
import {
  clamp01,
  fmt,
  REASON_MIN,
  type DetectionModel,
  type EventContext,
  type ModelOutput,
} from './model';

export interface NoveltyModelConfig {
  /** A component's first events and first minutes only partly count: everything is new then. */
  warmupEvents: number;
  warmupMs: number;
  /** Count-based rarity falls from 1 (never seen) to 0 at this many earlier sightings. */
  rareCount: number;
  /** Relative rarity: surprise -log2(smoothed share) mapped from `fromBits` (0) to `toBits` (1). */
  fromBits: number;
  toBits: number;
  /** How much relative rarity alone may score (templates seen often but rare against the volume). */
  relativeWeight: number;
  voteAt: number;
}

const NAME = 'template_novelty';

/**
 * Template rarity: a template this component never logged scores 1, one it logged a few times
 * scores less, and one that is rare against the component's whole volume keeps a partial score.
 * The counts live in the ensemble's shared event stats (ctx), so this model holds no state.
 */
export function createNoveltyModel(config: NoveltyModelConfig): DetectionModel {
  const lnRare = Math.log1p(config.rareCount);
  const bitsSpan = config.toBits - config.fromBits;

  function warmth(ctx: EventContext): number {
    if (ctx.componentEvents === 0) return 0;
    const byEvents = Math.min(1, ctx.componentEvents / config.warmupEvents);
    const byTime = Math.min(1, Math.max(0, ctx.time - ctx.componentSince) / config.warmupMs);
    return byEvents * byTime;
  }

  function explain(ctx: EventContext, share: number, warm: number): string {
    const what =
      ctx.seen === 0
        ? `new template for ${ctx.component}`
        : `template seen ${ctx.seen} time${ctx.seen === 1 ? '' : 's'} before in ${ctx.component} (share ${share.toExponential(1)})`;
    return warm < 1 ? `${what}; component warming up (${fmt(warm)})` : what;
  }

  function score(_event: MinedEvent, ctx: EventContext): ModelOutput {
    const warm = warmth(ctx);
    if (warm === 0) return { score: 0, vote: false, reason: null };
    const byCount = ctx.seen === 0 ? 1 : Math.max(0, 1 - Math.log1p(ctx.seen) / lnRare);
    const share = (ctx.seen + 0.5) / (ctx.componentEvents + 1);
    const byShare =
      clamp01((-Math.log2(share) - config.fromBits) / bitsSpan) * config.relativeWeight;
    const value = clamp01(Math.max(byCount, byShare) * warm);
    return {
      score: value,
      vote: value >= config.voteAt,
      reason: value >= REASON_MIN ? explain(ctx, share, warm) : null,
    };
  }

  return {
    name: NAME,
    score,
    snapshot: () => ({ version: 1 as const }),
    restore: () => undefined,
  };
}
