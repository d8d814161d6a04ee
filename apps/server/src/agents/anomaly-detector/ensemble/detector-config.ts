import { z } from 'zod';

/**
 * Every threshold and window of the ensemble, with its default and bounds, in one place. The same
 * configuration serves every log source: nothing here is tuned per dataset. Settings wiring maps
 * these onto `agents.anomaly_detector.*` keys later.
 */
const unit = (value: number) => z.number().min(0).max(1).default(value);
const positive = (value: number) => z.number().positive().default(value);
const count = (value: number, max = 10_000_000) => z.number().int().min(1).max(max).default(value);
const ms = (value: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3_600_000)
    .default(value);

export const MODEL_NAMES = [
  'failure_lexicon',
  'template_novelty',
  'rate_spike',
  'sequence_novelty',
  'numeric_outlier',
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

const Weights = z
  .object({
    failure_lexicon: unit(0.9),
    template_novelty: unit(0.4),
    rate_spike: unit(0.45),
    sequence_novelty: unit(0.3),
    numeric_outlier: unit(0.4),
  })
  .prefault({});

export const DetectorConfigSchema = z.object({
  modelVersion: z.string().min(1).default('vigil-ensemble-1.0'),
  /**
   * The combined score at or above which an event is an anomaly. At 0.6 only the failure lexicon
   * (weight 0.9) can pass alone; every behavioural model needs a second signal to agree.
   */
  threshold: unit(0.6),
  /** A model votes when its own score reaches this. */
  voteAt: unit(0.5),
  /** How far each model's score is trusted in the weighted noisy-OR. */
  weights: Weights,
  /** Caps on the shared per-template and per-component tables (least recently used go first). */
  memory: z.object({ maxTemplates: count(100_000), maxComponents: count(10_000) }).prefault({}),
  confidence: z.object({ mediumAt: unit(0.7), highAt: unit(0.85) }).prefault({}),
  severity: z
    .object({ criticalAt: unit(0.9), highAt: unit(0.8), mediumAt: unit(0.7) })
    .prefault({}),
  lexicon: z
    .object({
      severityScores: z
        .object({ fatal: unit(0.9), error: unit(0.6), warn: unit(0.25) })
        .prefault({}),
      classScores: z
        .object({ system: unit(0.85), failure: unit(0.6), client: unit(0.25) })
        .prefault({}),
      clientCap: unit(0.45),
      quietLevelFactor: unit(0.6),
      benignFactor: unit(0.3),
      dumpFactor: unit(0.1),
      frequentAfter: positive(3),
    })
    .prefault({}),
  novelty: z
    .object({
      warmupEvents: count(50),
      warmupMs: ms(5 * 60_000),
      rareCount: count(20),
      fromBits: positive(12),
      toBits: positive(20),
      relativeWeight: unit(0.6),
    })
    .prefault({}),
  rate: z
    .object({
      bucketMs: ms(60_000),
      alpha: unit(0.2),
      warmupBuckets: count(10),
      minBaseline: positive(0.5),
      minCount: count(5),
      minRatio: positive(3),
      quietP: unit(0.05),
      fireP: unit(1e-4),
      maxP: unit(1e-9),
      errorBoost: positive(1.5),
      maxKeys: count(100_000),
    })
    .prefault({}),
  sequence: z
    .object({
      sessionGapMs: ms(10 * 60_000),
      minTemplateCount: count(5),
      warmupEvents: count(200),
      maxSessions: count(20_000),
      maxTransitions: count(200_000),
    })
    .prefault({}),
  numeric: z
    .object({
      warmup: count(30),
      fireZ: positive(4),
      maxZ: positive(8),
      relativeSigma: z.number().min(0).default(0.1),
      absoluteSigma: positive(1),
      maxSlotsPerTemplate: count(8, 64),
    })
    .prefault({}),
  feedback: z
    .object({
      /** A template marked false positive has its combined score multiplied by this. */
      falsePositiveFactor: unit(0.2),
      /** A confirmed template gets this much extra evidence in the noisy-OR. */
      confirmedBoost: unit(0.3),
      maxEntries: count(100_000),
    })
    .prefault({}),
  validation: z
    .object({
      /** Validated when the second-stage confidence reaches this (spec: validation_threshold). */
      threshold: unit(0.7),
      /** Confidence added by failure words in the text (spec: keyword_confidence). */
      keywordConfidence: unit(0.5),
      maxNewKeywords: count(5, 50),
      maxTokens: count(200_000),
    })
    .prefault({}),
});

export type DetectorConfig = z.output<typeof DetectorConfigSchema>;
export type DetectorConfigInput = z.input<typeof DetectorConfigSchema>;

/** Defaults filled in and bounds checked; throws a ZodError that lists every bad key at once. */
export const resolveDetectorConfig = (input: DetectorConfigInput = {}): DetectorConfig =>
  DetectorConfigSchema.parse(input);

export const DEFAULT_DETECTOR_CONFIG: DetectorConfig = resolveDetectorConfig();
