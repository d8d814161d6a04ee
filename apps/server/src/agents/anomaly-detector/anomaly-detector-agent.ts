import type {
  AnomaliesDetected,
  AnomalyFeedbackMessage,
  DetectedAnomaly,
} from '../../bus/messages';
import type { LogBatch } from '../../bus/record-batch';
import type { LogRecord } from '../../ingest/records';
import type { Agent, AgentContext } from '../shared/agent';
import { reportingFailures, type AgentHealthTracker } from '../shared/agent-health';
import { buildAnomaly } from './build-anomaly';
import { componentMeta } from './component-identity';
import { createEnsemble, type Ensemble } from './ensemble/ensemble';
import type { DetectorConfigInput } from './ensemble/detector-config';
import { createMinerPool, type MinerPool } from './miner-pool';
import { createOwnerLookup, type OwnershipRule } from './ownership';
import type { GeminiClient } from '../../integrations/gemini/gemini-client';
import type { GeminiValidationConfig } from './gemini-validation';
import { createGeminiValidationQueue, type GeminiValidationQueue } from './gemini-validation-queue';

export interface AnomalyDetectorOptions {
  health: AgentHealthTracker;
  detector?: DetectorConfigInput;
  ownership?: () => readonly OwnershipRule[];
  /** Records handled before yielding to the event loop, so HTTP stays responsive under load. */
  maxBatch?: number;
  /** How often mined templates and model state are written to the store. */
  persistEveryMs?: number;
  /** Gemini validation of anomalies near the decision threshold (only while Gemini is configured). */
  gemini?: {
    client: GeminiClient;
    config: () => GeminiValidationConfig;
    maxQueued?: number;
    onDropped?: () => void;
  };
}

const ENSEMBLE_STATE_KEY = 'anomaly_detector.ensemble';
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Mines templates per component, scores every record with the ensemble, stores and announces anomalies. */
export function createAnomalyDetectorAgent(
  options: AnomalyDetectorOptions,
): Agent & { persist(): Promise<void>; geminiValidation(): GeminiValidationQueue | null } {
  const { health } = options;
  const maxBatch = options.maxBatch ?? 1_000;
  let ctx: AgentContext | null = null;
  let pool: MinerPool = createMinerPool();
  let ensemble: Ensemble = createEnsemble(options.detector ? { config: options.detector } : {});
  let ownerRules: readonly OwnershipRule[] | null = null;
  let owners = createOwnerLookup([]);
  const unsubscribe: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let geminiQueue: GeminiValidationQueue | null = null;

  const ownerOf = (component: string): string | null => {
    const rules = options.ownership?.() ?? [];
    if (rules !== ownerRules) {
      ownerRules = rules;
      owners = createOwnerLookup(rules);
    }
    return owners(component);
  };

  const detect = (record: LogRecord): DetectedAnomaly | null => {
    const mined = pool.minerFor(record.component).mine(record.body);
    const evaluation = ensemble.evaluate({ record, ...mined });
    if (!evaluation.isAnomaly || !evaluation.detection || !evaluation.validation) return null;
    const meta = componentMeta(record.component, record.resource, record.attributes);
    const anomaly = buildAnomaly({
      event: { record, ...mined },
      score: evaluation.score,
      severity: evaluation.severity,
      detection: evaluation.detection,
      validation: evaluation.validation,
      meta,
      owner: ownerOf(record.component),
    });
    return {
      anomaly,
      componentMeta: meta,
      templateId: mined.templateId,
      template: mined.template,
      recordId: record.id,
    };
  };

  const handleBatch = async (batch: LogBatch): Promise<void> => {
    if (!ctx) return;
    const { store, bus, clock } = ctx;
    for (let start = 0; start < batch.records.length; start += maxBatch) {
      const slice = batch.records.slice(start, start + maxBatch);
      const found: DetectedAnomaly[] = [];
      for (const record of slice) {
        const item = detect(record);
        if (item) found.push(item);
      }
      if (found.length > 0) {
        const stored = await store.anomalies.insertMany(
          found.map((item) => ({
            anomaly: item.anomaly,
            columns: { templateId: item.templateId, createdAt: clock.now() },
          })),
        );
        const fresh = found.filter((item) => stored.includes(item.anomaly.id));
        if (fresh.length > 0)
          await bus.publish<AnomaliesDetected>(
            'anomalies.detected',
            { items: fresh },
            fresh.length,
          );
        for (const item of fresh) geminiQueue?.offer(item.anomaly);
      }
      health.processed(slice.length, clock.now());
      if (start + maxBatch < batch.records.length) await yieldToEventLoop();
    }
  };

  const handleFeedback = async (message: AnomalyFeedbackMessage): Promise<void> => {
    if (!ctx || !message.templateId) return;
    ensemble.applyFeedback(
      { templateId: message.templateId, component: message.component },
      message.verdict,
    );
    await persist();
  };

  const persist = async (): Promise<void> => {
    if (!ctx) return;
    const { store, clock } = ctx;
    const rows = pool.takeDirty(clock.now());
    if (rows.length > 0) await store.templates.upsertMany(rows);
    await store.agentState.set(ENSEMBLE_STATE_KEY, ensemble.snapshot());
  };

  const restore = async (context: AgentContext): Promise<void> => {
    pool = createMinerPool();
    for (const component of await context.store.templates.listComponents()) {
      pool.restore(await context.store.templates.listByComponent(component));
    }
    ensemble = createEnsemble(options.detector ? { config: options.detector } : {});
    const saved = await context.store.agentState.get(ENSEMBLE_STATE_KEY);
    if (saved !== null) {
      try {
        ensemble.restore(saved);
      } catch (error) {
        context.log.error('ignoring unreadable detector state', { error: String(error) });
      }
    }
  };

  return {
    id: 'anomaly_detector',
    async start(context) {
      await restore(context);
      ctx = context;
      health.beat(context.clock.now());
      if (options.gemini) {
        const { client, config, maxQueued, onDropped } = options.gemini;
        geminiQueue = createGeminiValidationQueue({
          client,
          config,
          decisionThreshold: () => ensemble.config.threshold,
          save: async (id, validation) => {
            await context.store.anomalies.update(id, { gemini_validation: validation });
          },
          ...(maxQueued === undefined ? {} : { maxQueued }),
          ...(onDropped ? { onDropped } : {}),
          onError: (error) =>
            context.log.error('gemini validation failed', { error: String(error) }),
        });
      }
      unsubscribe.push(
        context.bus.subscribe<LogBatch>(
          'records.logs',
          'anomaly_detector',
          reportingFailures(health, () => context.clock.now(), handleBatch),
        ),
      );
      unsubscribe.push(
        context.bus.subscribe<AnomalyFeedbackMessage>(
          'anomalies.feedback',
          'anomaly_detector',
          reportingFailures(health, () => context.clock.now(), handleFeedback),
        ),
      );
      timer = setInterval(() => {
        health.beat(context.clock.now());
        persist().catch((error: unknown) => health.failed(error, context.clock.now()));
      }, options.persistEveryMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      for (const off of unsubscribe.splice(0)) off();
      if (timer) clearInterval(timer);
      timer = null;
      await geminiQueue?.stop();
      geminiQueue = null;
      await persist();
      ctx = null;
    },
    persist,
    geminiValidation: () => geminiQueue,
  };
}
