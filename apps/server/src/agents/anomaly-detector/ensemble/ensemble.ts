import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { Detection, Severity, Validation } from '@vigil/contract';
import type { MinedEvent } from '../mined-event';
import { createLexiconModel } from '../models/lexicon-model';
import type { DetectionModel, FeedbackTarget, FeedbackVerdict, ModelOutput } from '../models/model';
import { createNoveltyModel } from '../models/novelty-model';
import { createNumericModel } from '../models/numeric-model';
import { createRateModel } from '../models/rate-model';
import { createSequenceModel } from '../models/sequence-model';
import { createEventStats, type EventStats } from '../models/event-stats';
import { anomalySeverity, buildDetection, combineScores, type FeedbackMark } from './combiner';
import {
  resolveDetectorConfig,
  type DetectorConfig,
  type DetectorConfigInput,
  type ModelName,
} from './detector-config';
import { createFeedbackStore, type FeedbackStore } from './feedback-store';
import { createValidator, type Validator } from './validation';

export interface EnsembleOptions {
  config?: DetectorConfigInput;
  /** Milliseconds from an arbitrary origin, for `processing_time`. Tests pass a fake. */
  timer?: () => number;
}

export interface Evaluation {
  isAnomaly: boolean;
  /** Combined score in [0, 1]. */
  score: number;
  severity: Severity;
  /** Per model, in `modelNames` order. */
  outputs: readonly ModelOutput[];
  /** The contract's detection block; null for normal events unless `explain` was asked for. */
  detection: Detection | null;
  /** The second-stage check; null for normal events unless `explain` was asked for. */
  validation: Validation | null;
}

export interface Ensemble {
  readonly config: DetectorConfig;
  readonly modelNames: readonly string[];
  /** Scores the event with every model, then lets every model learn from it. */
  evaluate(event: MinedEvent, options?: { explain?: boolean }): Evaluation;
  applyFeedback(target: FeedbackTarget, verdict: FeedbackVerdict): void;
  snapshot(): EnsembleSnapshot;
  restore(state: unknown): void;
}

const EnsembleSnapshot = z.object({
  version: z.literal(1),
  modelVersion: z.string(),
  stats: z.unknown(),
  models: z.record(z.string(), z.unknown()),
  feedback: z.unknown(),
  validation: z.unknown(),
});
export type EnsembleSnapshot = z.infer<typeof EnsembleSnapshot>;

function buildModels(config: DetectorConfig): DetectionModel[] {
  const { voteAt, memory } = config;
  return [
    createLexiconModel({ ...config.lexicon, voteAt, maxTemplates: memory.maxTemplates }),
    createNoveltyModel({ ...config.novelty, voteAt }),
    createRateModel({ ...config.rate, voteAt }),
    createSequenceModel({ ...config.sequence, voteAt }),
    createNumericModel({ ...config.numeric, voteAt, maxTemplates: memory.maxTemplates }),
  ];
}

interface Parts {
  stats: EventStats;
  models: DetectionModel[];
  feedback: FeedbackStore;
  validator: Validator;
}

const buildParts = (config: DetectorConfig): Parts => ({
  stats: createEventStats(config.memory),
  models: buildModels(config),
  feedback: createFeedbackStore(config.feedback.maxEntries),
  validator: createValidator(config),
});

export function createEnsemble(options: EnsembleOptions = {}): Ensemble {
  const config = resolveDetectorConfig(options.config);
  const timer = options.timer ?? (() => performance.now());
  let parts = buildParts(config);
  const names = parts.models.map((m) => m.name);
  const weights = names.map((name) => config.weights[name as ModelName] ?? 0);
  const lexiconIndex = names.indexOf('failure_lexicon');

  function evaluate(event: MinedEvent, evalOptions?: { explain?: boolean }): Evaluation {
    const started = timer();
    const { stats, models, feedback, validator } = parts;
    const ctx = stats.context(event);
    const outputs = models.map((model) => model.score(event, ctx));
    for (const model of models) model.learn?.(event, ctx);
    stats.commit();
    validator.observe(event);
    const mark: FeedbackMark = feedback.lookup(event.templateId, ctx.component);
    const combined = combineScores(outputs, weights, mark, config);
    const failureEvidence = outputs[lexiconIndex]?.score ?? 0;
    const severity = anomalySeverity(combined.score, ctx.severity, failureEvidence, config);
    if (!combined.isAnomaly && evalOptions?.explain !== true) {
      return {
        isAnomaly: false,
        score: combined.score,
        severity,
        outputs,
        detection: null,
        validation: null,
      };
    }
    const validation = validator.validate({
      event,
      ctx,
      names,
      outputs,
      score: combined.score,
      mark,
    });
    const seconds = (timer() - started) / 1000;
    const detection = buildDetection(names, outputs, weights, combined, mark, seconds, config);
    return {
      isAnomaly: combined.isAnomaly,
      score: combined.score,
      severity,
      outputs,
      detection,
      validation,
    };
  }

  return {
    config,
    modelNames: names,
    evaluate,
    applyFeedback(target, verdict) {
      parts.feedback.set(target, verdict);
      for (const model of parts.models) model.feedback?.(target, verdict);
    },
    snapshot: () => ({
      version: 1 as const,
      modelVersion: config.modelVersion,
      stats: parts.stats.snapshot(),
      models: Object.fromEntries(parts.models.map((m) => [m.name, m.snapshot()])),
      feedback: parts.feedback.snapshot(),
      validation: parts.validator.snapshot(),
    }),
    restore(state) {
      const parsed = EnsembleSnapshot.parse(state);
      // Restore into fresh parts and swap, so a bad snapshot leaves the running ensemble untouched.
      const fresh = buildParts(config);
      fresh.stats.restore(parsed.stats);
      for (const model of fresh.models) {
        const modelState = parsed.models[model.name];
        if (modelState !== undefined) model.restore(modelState);
      }
      fresh.feedback.restore(parsed.feedback);
      fresh.validator.restore(parsed.validation);
      parts = fresh;
    },
  };
}
